import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { emailSchema } from '@accountry/shared/account-rules';
import { AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import { ApiRequestError } from '../../../lib/api';
import { authApi } from '../api/auth-api';

/** Ask for a reset link. The answer is the same whether or not the address has an account. */
export function RequestResetForm() {
  const initial = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (address: string) => authApi.requestReset(address),
    onError: (err) => {
      const e = err instanceof ApiRequestError ? err : null;
      setError(
        e && (e.status === 429 || e.status === 400 || e.status === 0)
          ? (e.fields.email ?? e.message)
          : AUTH_FALLBACK_MESSAGES.passwordReset,
      );
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    request.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack>
        <Text size="sm">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        {request.isSuccess && !error && (
          <Alert color="teal" role="status" title="Check your inbox">
            {request.data.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Send reset link
        </Button>
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/signin">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
