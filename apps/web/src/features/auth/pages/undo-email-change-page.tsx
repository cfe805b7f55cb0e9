import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_CHANGE_MESSAGES } from '@accountry/shared/email-change';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { CheckedLink } from '../components/checked-link';
import { ChoosePasswordForm } from '../components/choose-password-form';

const SUPPORT_HINT = 'If someone else has your account, reply to the email we sent you and support will help.';

/** /undo-email-change?token=: opened from the notice a change sent the address it left (decision 177). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title="Undo the change of your email address">
      {token ? (
        <UndoForm token={token} />
      ) : (
        <Alert color="red" role="alert" title="This link cannot be used">
          This link is incomplete. Open the link from the email again.
        </Alert>
      )}
    </AuthCard>
  );
}

function UndoForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <CheckedLink
      kind="undo-email-link"
      token={token}
      check={authApi.undoEmailStatus}
      instead={<Text size="sm">{SUPPORT_HINT}</Text>}
    >
      {({ restores, current, twoFactorOn }) => (
        <Stack>
          <Text size="sm">
            Your account was moved to <strong>{current}</strong>. Undoing the change gives it back to{' '}
            <strong>{restores}</strong> and signs everyone out. Passkeys and payout details are removed, and open payout
            requests canceled: whoever moved the account may have set them up.
          </Text>
          {twoFactorOn && (
            <Alert color="yellow" title="Two-factor sign-in stays on">
              It was turned on after the change, and a mailbox alone cannot turn it off. If you did not turn it on,
              reply to the email we sent you after this, and support will turn it off once you show the account is
              yours.
            </Alert>
          )}
          <ChoosePasswordForm
            name="Undo the change of your email address"
            intro="Choose a new password: whoever changed the address knew the old one."
            submitLabel="Undo the change"
            submit={(password) => authApi.undoEmailChange(token, password)}
            onSaved={(email) => {
              // This browser's session, if it had one, ended with everyone else's.
              void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
              navigate('/signin', { replace: true, state: { notice: EMAIL_CHANGE_MESSAGES.undone, email } });
            }}
          />
          <Text size="xs" c="dimmed">
            {SUPPORT_HINT}
          </Text>
        </Stack>
      )}
    </CheckedLink>
  );
}
