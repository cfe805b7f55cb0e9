import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

export type TwoFactorChange = 'on' | 'off' | 'off-by-support' | 'new-codes';

const CHANGE_TEXT: Record<TwoFactorChange, { subject: string; title: string; line: string }> = {
  on: {
    subject: 'Two-factor sign-in is on for your Accountry account',
    title: 'Two-factor sign-in is on',
    line: 'Signing in to your account now takes your password and a code from your authenticator app.',
  },
  off: {
    subject: 'Two-factor sign-in was turned off on your Accountry account',
    title: 'Two-factor sign-in is off',
    line: 'Signing in to your account now takes only your password.',
  },
  'off-by-support': {
    subject: 'Support turned off two-factor sign-in on your Accountry account',
    title: 'Support turned off two-factor sign-in',
    line:
      'As you asked, support turned off two-factor sign-in: signing in now takes only your password. Turn it on ' +
      'again from your profile with your new phone.',
  },
  'new-codes': {
    subject: 'New recovery codes for your Accountry account',
    title: 'New recovery codes were made',
    line: 'New recovery codes were made for your account. The earlier ones no longer work.',
  },
};

/** To the owner whenever their second factor changes: a stolen session cannot change it unnoticed. */
export function twoFactorChangedMail(publicUrl: string, to: string, change: TwoFactorChange): Mail {
  const text = CHANGE_TEXT[change];
  return {
    to,
    subject: text.subject,
    ...mailLayout(
      text.title,
      [text.line, 'If this was not you, change your password at once and contact support.'],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}

/** A recovery code was spent signing in: the owner may have lost their phone, or someone else has the codes. */
export function recoveryCodeUsedMail(publicUrl: string, to: string, left: number): Mail {
  return {
    to,
    subject: 'A recovery code was used to sign in to Accountry',
    ...mailLayout(
      'A recovery code was used',
      [
        `Someone signed in to your account with a recovery code. ${left} of your recovery codes ${
          left === 1 ? 'is' : 'are'
        } left.`,
        'If you lost your phone, set up two-factor sign-in again from your profile. If this was not you, change your ' +
          'password at once, make new recovery codes and contact support.',
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}

/** The password was right and the code wrong: someone may know the password (once per lock-out window). */
export function wrongCodeMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Someone entered your Accountry password with a wrong code',
    ...mailLayout(
      'Your password was entered with a wrong code',
      [
        'Someone entered the right password for your account, then a wrong code from your authenticator app. ' +
          'Two-factor sign-in kept them out.',
        'If it was you, there is nothing to do. If not, someone knows your password: change it now.',
      ],
      { label: 'Change your password', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}

/**
 * The code that turning two-factor sign-in on takes (decision 175): whoever sets it up must read this mailbox, so a
 * stolen session and password alone cannot lock the owner out with an app of their own.
 */
export function twoFactorSetupCodeMail(publicUrl: string, to: string, code: string, validMinutes: number): Mail {
  return {
    to,
    // Not in the subject: subjects are logged and shown on a locked phone's screen.
    subject: 'Your code to turn on two-factor sign-in at Accountry',
    ...mailLayout(
      'Your code to turn on two-factor sign-in',
      [
        `Enter ${code} in the "Turn on two-factor sign-in" dialog, with the code from your authenticator app. It works ` +
          `for ${validMinutes} minutes.`,
        'If you did not ask for this, someone knows your password: change it now. Two-factor sign-in stays off ' +
          'without this code.',
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}
