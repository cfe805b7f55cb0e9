import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { SIGN_IN_MESSAGES } from '@accountry/shared/auth-messages';
import { AuthCard } from '../components/auth-card';
import { EmailAddress } from '../components/email-address';
import { ResendVerificationForm } from '../components/resend-verification-form';
import { VerifyEmailPanel } from '../components/verify-email-panel';
import { pendingEmail } from '../lib/pending-email';

/**
 * /verification-sent: shown after sign-up and when sign-in is refused for an unverified address (with a resend
 * button); the mailed link opens it with ?token= to verify.
 */
export function Component() {
  const [params] = useSearchParams();
  const state = (useLocation().state as { email?: string; reason?: 'signup' | 'unverified' } | null) ?? {};
  const token = params.get('token');
  if (token) {
    return (
      <AuthCard title="Verify your email">
        <VerifyEmailPanel token={token} />
      </AuthCard>
    );
  }
  const email = state.email ?? pendingEmail();
  return (
    <AuthCard title="Check your inbox">
      <Stack>
        {state.reason === 'unverified' && (
          <Alert color="yellow" role="alert">
            {SIGN_IN_MESSAGES.unverified}
          </Alert>
        )}
        {state.reason === 'signup' ? (
          // Sign-up answers alike for a taken address (its owner gets a note instead), so this says no more.
          <Alert color="blue" icon={<IconMailForward size={18} />} role="status">
            We sent an email to {email ? <EmailAddress email={email} /> : 'the address you entered'}. Open the link in
            it to activate your new account; it works once and expires in 24 hours. If the address already has an
            account, the email tells you how to sign in instead.
          </Alert>
        ) : (
          <Alert color="blue" icon={<IconMailForward size={18} />} role="status">
            {email ? (
              <>
                We sent a verification link to <EmailAddress email={email} />.
              </>
            ) : (
              'We sent a verification link to your email address.'
            )}{' '}
            Open it to activate your account. The link works once and expires in 24 hours.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Nothing arrived? Check your spam folder, or ask for a new link.
        </Text>
        <ResendVerificationForm initialEmail={email} />
        <Text size="sm" ta="center">
          Verified already?{' '}
          <Anchor component={Link} to="/signin?verificationSent=true">
            Go to sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
