import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeInputSchema, type EmailChangeInput } from '@accountry/shared/email-change';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { authApi } from '../api/auth-api';
import { CurrentPasswordInput } from '../../../components/confirm-identity/current-password-input';
import { useCodeIfOn } from '../../../components/confirm-identity/use-code-if-on';
import { refreshAccountSecurity } from '../../../components/confirm-identity/account-security-refresh';

const empty = { email: '', password: '' };

/**
 * Ask to move the account to another address: the link goes there, and nothing changes until it is opened. With
 * two-factor sign-in on, a code comes with the password.
 */
export function ChangeEmailForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const code = useCodeIfOn(true);
  const sending = useOneAtATime();
  const form = useRef<HTMLFormElement>(null);
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const sentNote = useRef<HTMLDivElement>(null);
  const change = useMutation({
    mutationFn: (input: EmailChangeInput) => authApi.changeEmail(input),
    onSuccess: () => {
      setValues(empty);
      code.reset();
      // A recovery code may have been used: the two-factor section counts them.
      void refreshAccountSecurity(queryClient);
    },
    onError: (err) => {
      const fields = code.fieldErrors(err);
      showErrors(Object.keys(fields).length ? fields : { _: err.message });
    },
    onSettled: sending.done,
  });

  // The button is disabled while sending, which drops the focus: it goes to the note that says what happens next.
  const sent = change.isSuccess;
  useEffect(() => {
    if (sent) sentNote.current?.focus();
  }, [sent]);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = emailChangeInputSchema.safeParse({ ...values, code: code.value });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    if (!sending.start()) return;
    setErrors({});
    change.mutate(parsed.data);
  };
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Change email address">
      <Stack>
        {change.isSuccess && (
          <Alert color="blue" role="status" ref={sentNote} tabIndex={-1}>
            {change.data.message}
          </Alert>
        )}
        {errors._ && (
          <Alert color="red" role="alert" tabIndex={-1} data-form-error>
            {errors._}
          </Alert>
        )}
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <CurrentPasswordInput value={values.password} error={errors.password} onChange={set('password')} />
        {code.field(errors.code, () => setErrors(({ code: _code, ...rest }) => rest))}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Send confirmation link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
