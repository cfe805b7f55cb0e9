import { useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { NewPasswordForm } from '../components/new-password-form';
import { RequestResetForm } from '../components/request-reset-form';

/** /reset-password: ask for a link; opened from the mailed link (?token=), set the new password. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthCard title={token ? 'Choose a new password' : 'Reset your password'}>
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </AuthCard>
  );
}
