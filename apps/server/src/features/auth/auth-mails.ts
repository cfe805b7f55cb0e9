import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

export function verificationMail(publicUrl: string, to: string, displayName: string, token: string): Mail {
  const url = `${publicUrl}/verification-sent?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Verify your email for Accountry',
    ...mailLayout(
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
    ...mailLayout(
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
    ...mailLayout(
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

/** After a member deleted their own account: what happens next, and how to undo it. */
export function accountDeletedMail(publicUrl: string, to: string, eraseAt: number): Mail {
  const date = new Date(eraseAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return {
    to,
    subject: 'Your Accountry account was deleted',
    ...mailLayout(
      'Your account was deleted',
      [
        'You deleted your Accountry account from your profile. You were signed out everywhere, your listings are no ' +
          'longer shown, and nobody can sign in to the account.',
        `On ${date} your email address, name, phone number and password will be erased. Until then, support can ` +
          'restore the account if you change your mind: reply to this email or write to support.',
        'Orders, payments and reviews stay on record, under "Former member", as the law and the other party need.',
      ],
      { label: 'Visit Accountry', url: publicUrl },
      'If you did not delete your account, contact support at once: someone may know your password.',
    ),
  };
}

/** To the new address: the link that makes it the account's address. */
export function emailChangeMail(publicUrl: string, to: string, displayName: string, token: string): Mail {
  return {
    to,
    subject: 'Confirm your new email address for Accountry',
    ...mailLayout(
      `Confirm your new address, ${displayName}`,
      [
        'You asked to use this address for your Accountry account. Open the link below to confirm it. The link works ' +
          'once and expires in 24 hours; until then, your account keeps its current address.',
      ],
      { label: 'Confirm my new address', url: `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}` },
      'If you did not ask for this, ignore this email: nothing changes.',
    ),
  };
}

/**
 * To the current address, when a change is asked for and when it is made: the owner hears of it either way. A change
 * made without a second factor carries the link that undoes it (decision 177).
 */
export function emailChangeNoticeMail(
  publicUrl: string,
  to: string,
  newEmail: string,
  done: boolean,
  undoToken?: string,
): Mail {
  const undo = done && undoToken;
  return {
    to,
    subject: done ? 'Your Accountry email address was changed' : 'A change of your Accountry email address',
    ...mailLayout(
      done ? 'Your email address was changed' : 'Someone asked to change your email address',
      [
        done
          ? `Your Accountry account now uses ${newEmail}. Mail about your account goes there from now on.`
          : `A change of your account's address to ${newEmail} was asked for. It happens only when that address ` +
            'confirms it.',
        undo
          ? 'If this was not you, undo the change within 7 days: the link below gives this address back to your ' +
            'account, asks you for a new password and signs everyone out.'
          : 'If this was not you, change your password at once and contact support.',
      ],
      undo
        ? { label: 'Undo this change', url: `${publicUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}` }
        : { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email at the address your account used when this happened.',
    ),
  };
}

/** A sign-in from a browser the account had not used (decision 170): the owner can tell whether it was them. */
export function newDeviceMail(
  publicUrl: string,
  to: string,
  device: { browser: string; type: string; ip: string; at: number },
): Mail {
  const when = new Date(device.at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const browser = device.browser === 'Unknown' ? 'an unknown browser' : device.browser;
  return {
    to,
    subject: 'New sign-in to your Accountry account',
    ...mailLayout(
      'A new sign-in to your account',
      [
        `Your account was signed in to from a browser it had not used before: ${browser} on a ${device.type}, from ` +
          `the address ${device.ip}, on ${when} (UTC).`,
        'If it was you, there is nothing to do. If not, change your password now, sign out everywhere from your ' +
          'profile, remove any passkey you do not recognise, and turn on two-factor sign-in.',
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}

/**
 * The password was changed or reset. Passkeys still sign in after it (decision 171), so they are named: one added by
 * someone who had the password is where the owner can see it.
 */
export function passwordChangedMail(publicUrl: string, to: string, how: 'changed' | 'reset', passkeys: string[]): Mail {
  const n = passkeys.length;
  const names = passkeys.map((name) => `“${name}”`).join(', ');
  return {
    to,
    subject: 'Your Accountry password was changed',
    ...mailLayout(
      'Your password was changed',
      [
        how === 'reset'
          ? 'The password of your account was reset from a link we emailed. Your other devices were signed out.'
          : 'The password of your account was changed. Your other devices were signed out.',
        ...(n
          ? [
              `Your account also signs in with ${n === 1 ? 'this passkey' : `these ${n} passkeys`}, which a new ` +
                `password does not change: ${names}. Remove any you do not recognise from your profile.`,
            ]
          : []),
        'If this was not you, reset your password at once from the sign-in page and contact support.',
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}
