import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { emailSchema } from '@accountry/shared/account-rules';
import { AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import { ApiRequestError } from '../../../lib/api';
import { authApi } from '../api/auth-api';
import { rememberPendingEmail } from '../lib/pending-email';

/** Ask for a fresh verification link (limited to one a minute per address by the server). */
export function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: (address: string) => authApi.resendVerification(address),
    onSuccess: (_res, address) => rememberPendingEmail(address),
    onError: (err) => {
      const e = err instanceof ApiRequestError ? err : null;
      setError(
        e && (e.status === 429 || e.status === 400 || e.status === 0)
          ? (e.fields.email ?? e.message)
          : AUTH_FALLBACK_MESSAGES.verification,
      );
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    resend.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Resend verification email">
      <Stack gap="sm">
        {resend.isSuccess && !error && (
          <Alert color="teal" role="status">
            {resend.data.message}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={resend.isPending}>
          Resend verification email
        </Button>
      </Stack>
    </form>
  );
}
