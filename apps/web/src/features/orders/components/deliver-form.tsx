import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { credentialsSchema, type CredentialsInput, type OrderDetail } from '@accountry/shared/orders';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { ordersApi } from '../api/orders-api';
import { useOrderAction } from './use-order-action';

const EMPTY: Required<CredentialsInput> = { login: '', password: '', emailAccess: '', recoveryCodes: '', notes: '' };
const MAX = 2000;

/** The seller hands over what the buyer needs; stored encrypted, shown only to the buyer. */
export function DeliverForm({ order }: { order: OrderDetail }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirm();
  const deliver = useOrderAction(
    order.id,
    (c: CredentialsInput) => ordersApi.deliver(order.id, c),
    ORDER_MESSAGES.delivered,
  );
  // Read the value during the event: currentTarget is gone by the time a state updater runs.
  const set = (k: keyof CredentialsInput) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = credentialsSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    confirm.ask({
      title: 'Deliver the credentials?',
      message:
        `${order.buyerName} will be able to reveal them on this page and has 72 hours to check the account. ` +
        'You cannot change them afterwards.',
      confirmLabel: 'Deliver',
      onConfirm: () =>
        deliver.mutateAsync(parsed.data).catch((err) => {
          if (err instanceof ApiRequestError) setErrors(err.fields);
          throw err;
        }),
    });
  };
  const formError = errors._ ?? errors.credentials;
  const field = (k: keyof CredentialsInput) => errors[k] ?? errors[`credentials.${k}`];

  return (
    <form onSubmit={submit} noValidate aria-label="Deliver the credentials">
      <Stack>
        <Text size="sm" c="dimmed">
          Fill in what the buyer needs to take over the account. They are encrypted and only the buyer can reveal them;
          never send them in chat or by email.
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
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
        <Button type="submit" leftSection={<IconSend size={18} />} w="fit-content">
          Deliver the credentials
        </Button>
      </Stack>
      {confirm.dialog}
    </form>
  );
}
