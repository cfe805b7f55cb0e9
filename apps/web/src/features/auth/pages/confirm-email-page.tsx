import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_CHANGE_MESSAGES } from '@accountry/shared/email-change';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { EmailAddress } from '../components/email-address';

/** /confirm-email?token=: opened from the mail sent to a new address; uses the link once (decision 165). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: authApi.confirmEmailChange,
    // A signed-in page shows the address from the session: read it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
  const started = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // The token works once: never send it twice (StrictMode runs effects twice in development).
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title="Confirm your new email address">
      {!token || confirm.isError ? (
        <Stack>
          <Alert color="red" role="alert" title="We could not change your address">
            {confirm.error?.message ?? 'This link is incomplete. Open the link from the email again.'}
          </Alert>
          <Text size="sm">You can ask for a new link on your profile.</Text>
          <Button component={Link} to="/profile" variant="light">
            Open your profile
          </Button>
        </Stack>
      ) : confirm.isSuccess ? (
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Address changed" role="status">
            {EMAIL_CHANGE_MESSAGES.changed} Your account now uses <EmailAddress email={confirm.data.email} />.
          </Alert>
          <Button component={Link} to={user ? '/profile' : '/signin'} state={{ email: confirm.data.email }}>
            {user ? 'Back to your profile' : 'Sign in'}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" py="md" role="status">
          {/* The text beside it says what is happening. */}
          <Loader aria-hidden />
          <Text>Confirming your new address…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
