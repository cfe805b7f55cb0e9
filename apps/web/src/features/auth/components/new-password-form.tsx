import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { authApi } from '../api/auth-api';
import { ChoosePasswordForm } from './choose-password-form';

/** Opened from the reset mail: check the link, then set the new password (which signs out every device). */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const status = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => authApi.resetStatus(token),
    retry: false,
    staleTime: Infinity,
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
  return (
    <ChoosePasswordForm
      name="Choose a new password"
      intro={
        <>
          Choose a new password for <strong>{status.data.email}</strong>. You will be signed out on every device.
        </>
      }
      submitLabel="Set new password"
      submit={(password) => authApi.confirmReset(token, password)}
      onSaved={(email) => navigate('/signin', { replace: true, state: { notice: ACCOUNT_MESSAGES.resetDone, email } })}
    />
  );
}
