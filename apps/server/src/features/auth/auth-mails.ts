import type { Mail } from '../../email/mailer';
import { mailLayout as layout } from '../../email/mail-layout';

export function verificationMail(publicUrl: string, to: string, displayName: string, token: string): Mail {
  const url = `${publicUrl}/verification-sent?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Verify your email for Accountry',
    ...layout(
      `Welcome to Accountry, ${displayName}!`,
      [
        'Please confirm that this is your email address by opening the link below. The link works once and expires in 24 hours.',
      ],
      { label: 'Verify my email', url },
      'If you did not create an Accountry account, you can ignore this email.',
    ),
  };
}

export function passwordResetMail(publicUrl: string, to: string, token: string): Mail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Accountry password',
    ...layout(
      'Reset your password',
      [
        'Someone asked to reset the password of your Accountry account. Open the link below to choose a new one. The link works once and expires in 1 hour.',
        'Setting a new password signs you out on every device.',
      ],
      { label: 'Choose a new password', url },
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ),
  };
}

/** To the owner of an address someone tried to sign up with: the sign-up answer itself never says it is taken. */
export function signUpAttemptMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Someone tried to sign up to Accountry with your email',
    ...layout(
      'You already have an Accountry account',
      [
        'Someone just tried to create a new Accountry account with this email address, which already has one.',
        'If that was you, sign in instead. Forgot your password? Choose "Forgot your password?" on the sign-in page.',
      ],
      { label: 'Sign in to Accountry', url: `${publicUrl}/signin` },
      'If it was not you, you can ignore this email: nothing about your account has changed.',
    ),
  };
}
