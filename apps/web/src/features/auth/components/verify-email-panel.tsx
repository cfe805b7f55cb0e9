import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { authApi } from '../api/auth-api';
import { pendingEmail } from '../lib/pending-email';
import { ResendVerificationForm } from './resend-verification-form';

/** Opened from the verification mail: use the link's token once, then offer sign-in (or a new link). */
export function VerifyEmailPanel({ token }: { token: string }) {
  const verify = useMutation({ mutationFn: (t: string) => authApi.verifyEmail(t) });
  const started = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    // The token works once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Email verified" role="status">
          {ACCOUNT_MESSAGES.emailVerified}
        </Alert>
        <Button component={Link} to="/signin" state={{ email: verify.data.email }}>
          Sign in
        </Button>
      </Stack>
    );
  }
  if (verify.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="We could not verify your email">
          {verify.error.message}
        </Alert>
        <Text size="sm">Ask for a new verification link:</Text>
        <ResendVerificationForm initialEmail={pendingEmail()} />
      </Stack>
    );
  }
  return (
    <Stack align="center" py="md" role="status">
      {/* The text beside it says what is happening. */}
      <Loader aria-hidden />
      <Text>Verifying your email…</Text>
    </Stack>
  );
}
