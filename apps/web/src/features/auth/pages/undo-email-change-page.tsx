import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_ERROR_CODES } from '@accountry/shared/auth-messages';
import { EMAIL_CHANGE_MESSAGES } from '@accountry/shared/email-change';
import { ApiRequestError } from '../../../lib/api';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { CheckedLink } from '../components/checked-link';
import { ChoosePasswordForm } from '../components/choose-password-form';

const SUPPORT_HINT =
  'If someone else has your account, reply to the email "Your Accountry email address was changed" and support will ' +
  'help.';

/** /undo-email-change?token=: opened from the notice a change sent the address it left (decision 177). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [undoneTo, setUndoneTo] = useState<string | null>(null);
  return (
    <AuthCard title="Undo the change of your email address">
      {undoneTo ? (
        <Undone email={undoneTo} />
      ) : token ? (
        <UndoForm token={token} onUndone={setUndoneTo} />
      ) : (
        <Alert color="red" role="alert" title="This link cannot be used">
          This link is incomplete. Open the link from the email again.
        </Alert>
      )}
    </AuthCard>
  );
}

/** What a used or expired link leaves: the undo may already have worked, or support is the way. */
function Instead() {
  return (
    <Stack gap="xs">
      <Text size="sm">Already undid the change? Sign in with the new password you chose.</Text>
      <Text size="sm">{SUPPORT_HINT}</Text>
      <Button component={Link} to="/signin" variant="light">
        Sign in
      </Button>
    </Stack>
  );
}

const explain = (err: Error) =>
  err instanceof ApiRequestError && err.code === AUTH_ERROR_CODES.linkExpired
    ? 'This link has expired: it works for 7 days after the change.'
    : err.message;

function UndoForm({ token, onUndone }: { token: string; onUndone: (email: string) => void }) {
  const queryClient = useQueryClient();
  return (
    <CheckedLink
      kind="undo-email-link"
      token={token}
      check={authApi.undoEmailStatus}
      instead={<Instead />}
      explain={explain}
    >
      {({ restores, current, twoFactorOn }, linkGone) => (
        <Stack>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Your account was moved to <strong>{current}</strong>. Undoing the change puts it back on{' '}
            <strong>{restores}</strong> and signs everyone out. Passkeys and payout details are removed, and open payout
            requests canceled: whoever moved the account may have set them up.
          </Text>
          {twoFactorOn && (
            <Alert color="yellow" title="Two-factor sign-in stays on">
              It was turned on after the change, and a mailbox alone cannot turn it off. If you did not turn it on,
              reply to the email we send you after this, and support will turn it off once you show the account is
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
              onUndone(email);
            }}
            onLinkGone={linkGone}
          />
        </Stack>
      )}
    </CheckedLink>
  );
}

/** Said on this page, not after a redirect: a browser signed in to another account would never see the sign-in page. */
function Undone({ email }: { email: string }) {
  const { user } = useSession();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <Stack>
      <Alert
        ref={notice}
        tabIndex={-1}
        color="teal"
        icon={<IconCircleCheck size={18} />}
        title="The change was undone"
        role="status"
        style={{ overflowWrap: 'anywhere' }}
      >
        {EMAIL_CHANGE_MESSAGES.undone} Your account uses <strong>{email}</strong> again.
      </Alert>
      {user ? (
        <Text size="sm">
          This browser is signed in to another account ({user.displayName}). Sign out of it to sign in with {email}.
        </Text>
      ) : (
        <Button component={Link} to="/signin" state={{ email }}>
          Sign in
        </Button>
      )}
    </Stack>
  );
}
