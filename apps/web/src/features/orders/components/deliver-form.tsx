import { useRef, useState, type Ref } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_CREDENTIAL_CORRECTIONS } from '@accountry/shared/credentials-correction';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { type OrderDetail } from '@accountry/shared/orders';
import { credentialsSchema, type CredentialsInput } from '@accountry/shared/order-credentials';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { orderKeys, ordersApi } from '../api/orders-api';
import { correctionsLeftText } from './corrections-left-text';
import { useOrderAction } from './use-order-action';

/** What the seller sees of delivered credentials: where the focus goes once the delivery took the form away. */
export const CREDENTIALS_SUMMARY_ID = 'delivered-credentials';

const EMPTY: Required<CredentialsInput> = { login: '', password: '', emailAccess: '', recoveryCodes: '', notes: '' };
const MAX = 2000;
// The request's names for what the form shows: each field, as itself or under `credentials`, and the form's own message.
const FORM_FIELDS = [...Object.keys(EMPTY), ...Object.keys(EMPTY).map((k) => `credentials.${k}`), 'credentials', '_'];

/** A correction's confirmation: the old set is gone, the deadline stays, and how many corrections are left. */
function correctionMessage(order: OrderDetail) {
  const left = MAX_CREDENTIAL_CORRECTIONS - order.credentials.corrections - 1;
  return (
    `${order.buyerName} will see only the new credentials when revealing them, and is told in the chat and by ` +
    'email. The time to check the account is not extended. ' +
    (left > 0
      ? `After this, you can replace them ${correctionsLeftText(left)}, until the buyer reveals them.`
      : 'This is the last correction you can make.')
  );
}

/**
 * The seller hands over what the buyer needs; stored encrypted, shown only to the buyer. With `onCancel`, it replaces
 * what was delivered (a correction, decision 182), the whole set again; `onRefused` closes it when the server says no.
 */
export function DeliverForm({
  order,
  onCancel,
  onRefused,
  firstField,
}: {
  order: OrderDetail;
  onCancel?: () => void;
  onRefused?: () => void;
  firstField?: Ref<HTMLInputElement>;
}) {
  const correcting = onCancel !== undefined;
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // The message may sit above the screen on a phone: the focus goes to it, where it is seen and read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const confirm = useConfirm();
  const deliver = useOrderAction(
    order.id,
    (c: CredentialsInput) => (correcting ? ordersApi.correct(order.id, c) : ordersApi.deliver(order.id, c)),
    correcting ? ORDER_MESSAGES.corrected : ORDER_MESSAGES.delivered,
  );
  // Read the value during the event: currentTarget is gone by the time a state updater runs.
  const set = (k: keyof CredentialsInput) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = credentialsSchema.safeParse(values);
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    const send = () =>
      deliver.mutateAsync(parsed.data).then(
        () => true,
        async (err: unknown) => {
          // Revealed meanwhile, the last one used, the window closed or a chargeback: nothing to retry here. The dialog
          // and the form close on the order as it now stands, whose card says why.
          if (correcting && err instanceof ApiRequestError && err.status === 409) {
            await client.refetchQueries({ queryKey: orderKeys.detail(order.id) });
            (onRefused ?? onCancel)?.();
            return false;
          }
          throw err;
        },
      );
    confirm.ask(
      correcting
        ? {
            title: 'Replace the credentials?',
            message: correctionMessage(order),
            confirmLabel: 'Replace them',
            onConfirm: () => send().then((sent) => sent && onCancel()),
            form: { fields: FORM_FIELDS, show: showErrors },
          }
        : {
            title: 'Deliver the credentials?',
            message:
              `${order.buyerName} will be able to reveal them on this page and has 72 hours to check the account. ` +
              'You can correct them until the buyer reveals them.',
            confirmLabel: 'Deliver',
            onConfirm: send,
            form: { fields: FORM_FIELDS, show: showErrors },
            returnFocusTo: () => document.getElementById(CREDENTIALS_SUMMARY_ID),
          },
    );
  };
  const formError = errors._ ?? errors.credentials;
  const field = (k: keyof CredentialsInput) => errors[k] ?? errors[`credentials.${k}`];

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={correcting ? 'Correct the credentials' : 'Deliver the credentials'}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {correcting
            ? 'Fill in every field again, including the ones that were right: the new set replaces the old one completely. '
            : 'Fill in what the buyer needs to take over the account. '}
          They are encrypted and only the buyer can reveal them; never send them in chat or by email.
        </Text>
        {formError && (
          <Alert color="red" role="alert" tabIndex={-1} data-form-error>
            {formError}
          </Alert>
        )}
        <TextInput
          ref={firstField}
          label="Login"
          maxLength={MAX}
          value={values.login}
          onChange={set('login')}
          error={field('login')}
          autoComplete="off"
        />
        <PasswordInput
          label="Password"
          maxLength={MAX}
          value={values.password}
          onChange={set('password')}
          error={field('password')}
          autoComplete="new-password"
        />
        <Textarea
          label="Email access"
          description="The original email address and how to sign in to it"
          autosize
          minRows={2}
          maxLength={MAX}
          value={values.emailAccess}
          onChange={set('emailAccess')}
          error={field('emailAccess')}
        />
        <Textarea
          label="Recovery codes"
          autosize
          minRows={2}
          maxLength={MAX}
          value={values.recoveryCodes}
          onChange={set('recoveryCodes')}
          error={field('recoveryCodes')}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={MAX}
          value={values.notes}
          onChange={set('notes')}
          error={field('notes')}
        />
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSend size={18} />}>
            {correcting ? 'Replace the credentials' : 'Deliver the credentials'}
          </Button>
          {correcting && (
            <Button variant="default" onClick={onCancel}>
              Keep the delivered ones
            </Button>
          )}
        </Group>
      </Stack>
      {confirm.dialog}
    </form>
  );
}
