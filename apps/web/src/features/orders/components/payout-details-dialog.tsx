import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYOUT_DETAILS_HOLD_HOURS,
  PAYOUT_METHOD_MESSAGES,
  payoutMethodInputSchema,
  type PayoutMethod,
  type PayoutMethodKind,
} from '@accountry/shared/payout-methods';
import { CurrentPasswordInput } from '../../../components/confirm-identity/current-password-input';
import { useCodeIfOn } from '../../../components/confirm-identity/use-code-if-on';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { orderKeys, ordersApi } from '../api/orders-api';
import {
  EMPTY_PAYOUT_DETAILS,
  PAYOUT_METHOD_FIELDS,
  PayoutDetailFields,
  type PayoutDetailField,
} from './payout-detail-fields';
import { refreshAccountSecurity } from '../../../components/confirm-identity/account-security-refresh';
import { AppModal } from '../../../components/ui/app-modal';
import { DialogForm } from '../../../components/ui/dialog-form';

/** The server's field keys this form has a field for; a refusal naming none of them shows as the form's message. */
const FORM_FIELDS = new Set([
  'password',
  'code',
  ...Object.keys(EMPTY_PAYOUT_DETAILS).map((field) => `details.${field}`),
]);

interface Props {
  opened: boolean;
  /** The details stored now: the dialog starts on their method. */
  method: PayoutMethod | null;
  onClose: () => void;
  /** Where the focus goes after closing when the button that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Adding or changing where payouts go, confirmed with the password (and a code with two-factor sign-in on). */
export function PayoutDetailsDialog({ opened, method, onClose, returnFocusTo }: Props) {
  const client = useQueryClient();
  const [kind, setKind] = useState<PayoutMethodKind>(method?.kind ?? 'paypal');
  const [values, setValues] = useState(EMPTY_PAYOUT_DETAILS);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const code = useCodeIfOn(opened);
  const sending = useOneAtATime();
  const form = useRef<HTMLFormElement>(null);
  // The submit button is disabled while saving, which drops the focus: a refusal puts it where the fix is.
  const showErrors = (next: typeof errors) => focusFirstError(form.current, () => setErrors(next));

  const save = useMutation({
    mutationFn: ordersApi.setPayoutMethod,
    onSuccess: async (reply) => {
      toast.success(PAYOUT_METHOD_MESSAGES.saved);
      client.setQueryData(orderKeys.payoutMethod, reply);
      // The wallet shows the new hold before the dialog goes; a recovery code may have been spent.
      await Promise.all([client.invalidateQueries({ queryKey: orderKeys.all }), refreshAccountSecurity(client)]);
      close();
    },
    onError: (err) => {
      const fields = code.fieldErrors(err);
      const unmatched = Object.keys(fields).every((key) => !FORM_FIELDS.has(key));
      showErrors(unmatched ? { _: err.message } : fields);
    },
    onSettled: sending.done,
  });

  // Nothing typed stays behind once the dialog is closed.
  const close = () => {
    setValues(EMPTY_PAYOUT_DETAILS);
    setPassword('');
    setErrors({});
    code.reset();
    save.reset();
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const details = Object.fromEntries([
      ['kind', kind],
      ...PAYOUT_METHOD_FIELDS[kind].map((field) => [field, values[field]]),
    ]);
    const parsed = payoutMethodInputSchema.safeParse({ details, password, code: code.value });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    if (!sending.start()) return;
    setErrors({});
    save.mutate(parsed.data);
  };
  const setField = (field: PayoutDetailField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const title = method ? 'Change payout details' : 'Add payout details';

  return (
    <AppModal
      opened={opened}
      onClose={() => !save.isPending && close()}
      title={title}
      description={
        <Stack gap="md">
          {method && (
            <Text size="sm">
              Payouts go to <strong>{method.summary}</strong> now. The new details replace them; a payout you already
              requested still goes there.
            </Text>
          )}
          <Text size="sm">
            For your safety, payouts wait {PAYOUT_DETAILS_HOLD_HOURS} hours after your payout details, email address or
            password change, and we send an email to the address on your account each time these details change.
          </Text>
        </Stack>
      }
      centered
      returnFocusTo={returnFocusTo}
    >
      <DialogForm ref={form} onSubmit={submit}>
        <Stack>
          {errors._ && (
            <Alert color="red" role="alert" tabIndex={-1} data-form-error>
              {errors._}
            </Alert>
          )}
          <PayoutDetailFields
            kind={kind}
            values={values}
            errors={errors}
            onKind={(next) => {
              setKind(next);
              setErrors(({ password: p, code: c }) => ({ password: p, code: c }));
            }}
            onChange={setField}
          />
          <CurrentPasswordInput
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {code.field(errors.code, () => setErrors(({ code: _code, ...rest }) => rest))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save payout details
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
