import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FIELD_MESSAGES, newPasswordSchema } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { ApiRequestError } from '../../../lib/api';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { authApi } from '../api/auth-api';
import { passwordChecklistProps } from './password-checklist';

/** Opened from the reset mail: check the link, then set the new password (which signs out every device). */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const status = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => authApi.resetStatus(token),
    retry: false,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (pw: string) => authApi.confirmReset(token, pw),
    onSuccess: ({ email }) =>
      navigate('/signin', { replace: true, state: { notice: ACCOUNT_MESSAGES.resetDone, email } }),
    onError: (err) =>
      setErrors(err instanceof ApiRequestError && Object.keys(err.fields).length ? err.fields : { _: err.message }),
  });

  if (status.isPending) return <PageSpinner label="Checking your link…" />;
  if (status.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="This link cannot be used">
          {status.error.message}
        </Alert>
        <Anchor component={Link} to="/reset-password">
          Ask for a new reset link
        </Anchor>
      </Stack>
    );
  }

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0].message });
    if (confirm !== password) return setErrors({ confirm: FIELD_MESSAGES.passwordsDiffer });
    setErrors({});
    save.mutate(password);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack>
        <Text size="sm">
          Choose a new password for <strong>{status.data.email}</strong>. You will be signed out on every device.
        </Text>
        {errors._ && (
          <Alert color="red" role="alert">
            {errors._}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          // Mantine's PasswordInput does not mark itself invalid for assistive technology: each one here says so.
          aria-invalid={!!errors.password || undefined}
          {...passwordChecklistProps(password, 'new-password-rules')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
          aria-invalid={!!errors.confirm || undefined}
        />
        <Button type="submit" loading={save.isPending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
