import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordSchema, type ChangePasswordInput } from '@accountry/shared/auth';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { passwordChecklistProps } from './password-checklist';
import { CurrentPasswordInput } from './current-password-input';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/** Change the password knowing the current one; the other devices are signed out. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => authApi.changePassword(input),
    onSuccess: () => {
      setValues(empty);
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
      void queryClient.invalidateQueries({ queryKey: ['auth-sessions'] });
    },
    onError: (err) =>
      setErrors(err instanceof ApiRequestError && Object.keys(err.fields).length ? err.fields : { _: err.message }),
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    if (values.confirm !== values.newPassword) return setErrors({ confirm: FIELD_MESSAGES.passwordsDiffer });
    setErrors({});
    change.mutate(parsed.data);
  };
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack>
        {errors._ && (
          <Alert color="red" role="alert">
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
          {...passwordChecklistProps(values.newPassword, 'change-password-rules')}
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
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
