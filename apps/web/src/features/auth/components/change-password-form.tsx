import { useRef, useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordInput } from '@accountry/shared/auth';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { passwordChecklistProps } from './password-checklist';
import { CurrentPasswordInput } from '../../../components/confirm-identity/current-password-input';
import { useCodeIfOn } from '../../../components/confirm-identity/use-code-if-on';
import { refreshAccountSecurity } from '../../../components/confirm-identity/account-security-refresh';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * Change the password knowing the current one, and with two-factor sign-in on a code; the other devices are signed
 * out. The focus goes to the first field to fix.
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const code = useCodeIfOn(true);
  const sending = useOneAtATime();
  const form = useRef<HTMLFormElement>(null);
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => authApi.changePassword(input),
    onSuccess: () => {
      setValues(empty);
      code.reset();
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: ['auth-sessions'] });
      void refreshAccountSecurity(queryClient);
    },
    onError: (err) => {
      const fields = code.fieldErrors(err);
      showErrors(Object.keys(fields).length ? fields : { _: err.message });
    },
    onSettled: sending.done,
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      code: code.value,
    });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    if (values.confirm !== values.newPassword) return showErrors({ confirm: FIELD_MESSAGES.passwordsDiffer });
    if (!sending.start()) return;
    setErrors({});
    change.mutate(parsed.data);
  };
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack>
        {errors._ && (
          <Alert color="red" role="alert" tabIndex={-1} data-form-error>
            {errors._}
          </Alert>
        )}
        <CurrentPasswordInput
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          // Mantine's PasswordInput does not mark itself invalid for assistive technology: each one here says so.
          aria-invalid={!!errors.newPassword || undefined}
          {...passwordChecklistProps(values.newPassword, 'change-password-rules', user?.email)}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          aria-invalid={!!errors.confirm || undefined}
        />
        {code.field(errors.code, () => setErrors(({ code: _code, ...rest }) => rest))}
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
