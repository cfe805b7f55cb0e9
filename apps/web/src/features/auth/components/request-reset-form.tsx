import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
  const field = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLDivElement>(null);
  /** Shows the message at the field and takes the focus there, where the message is read out with it. */
  const showError = (message: string) => {
    flushSync(() => setError(message));
    field.current?.focus();
  };
  const request = useMutation({
    mutationFn: (address: string) => authApi.requestReset(address),
    onError: (err) => {
      const e = err instanceof ApiRequestError ? err : null;
      showError(
        e && (e.status === 429 || e.status === 400 || e.status === 0)
          ? (e.fields.email ?? e.message)
          : AUTH_FALLBACK_MESSAGES.passwordReset,
      );
    },
  });

  // The button is disabled while sending, which drops the focus: take it to the answer once it shows.
  const sent = request.isSuccess && !error;
  useEffect(() => {
    if (sent && (!document.activeElement || document.activeElement === document.body)) done.current?.focus();
  }, [sent]);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return showError(parsed.error.issues[0].message);
    request.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack>
        <Text size="sm">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        {sent && (
          <Alert ref={done} color="teal" role="status" title="Check your inbox" tabIndex={-1}>
            {request.data?.message}
          </Alert>
        )}
        <TextInput
          ref={field}
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
