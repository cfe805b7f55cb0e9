import { Link, useNavigate } from 'react-router';
import { Anchor } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { authApi } from '../api/auth-api';
import { CheckedLink } from './checked-link';
import { ChoosePasswordForm } from './choose-password-form';
import { EmailAddress } from './email-address';

/** Opened from the reset mail: check the link, then set the new password (which signs out every device). */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  return (
    <CheckedLink
      kind="reset-link"
      token={token}
      check={authApi.resetStatus}
      instead={
        <Anchor component={Link} to="/reset-password">
          Ask for a new reset link
        </Anchor>
      }
    >
      {({ email }, linkGone) => (
        <ChoosePasswordForm
          onLinkGone={linkGone}
          name="Choose a new password"
          intro={
            <>
              Choose a new password for <EmailAddress email={email} />. You will be signed out on every device.
            </>
          }
          submitLabel="Set new password"
          submit={(password) => authApi.confirmReset(token, password)}
          onSaved={(saved) =>
            navigate('/signin', { replace: true, state: { notice: ACCOUNT_MESSAGES.resetDone, email: saved } })
          }
        />
      )}
    </CheckedLink>
  );
}
