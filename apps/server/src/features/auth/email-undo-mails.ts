import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

/** What giving the address back took from the account, so its owner knows what to set up again. */
export interface UndoneWith {
  passkeys: number;
  twoFactorOn: boolean;
  payoutDetails: boolean;
  payoutsCanceled: number;
  /** Open payouts an admin was sending, which stay for the admin to decide (decision 240). */
  payoutsBeingSent: number;
}

function removedLines(w: UndoneWith) {
  const lines: string[] = [];
  if (w.passkeys) lines.push(`${w.passkeys === 1 ? 'Its passkey was' : `Its ${w.passkeys} passkeys were`} removed.`);
  if (w.twoFactorOn)
    lines.push(
      'Two-factor sign-in was turned on after the change, and stays on: a mailbox alone can never turn it off. If ' +
        'you did not turn it on, reply to this email and support will turn it off once you show the account is yours.',
    );
  if (w.payoutDetails) lines.push('Its payout details were removed: add yours again from your wallet.');
  if (w.payoutsCanceled)
    lines.push(
      `${w.payoutsCanceled === 1 ? 'An open payout request was' : `${w.payoutsCanceled} open payout requests were`} ` +
        'canceled, and the money is back in your available balance.',
    );
  if (w.payoutsBeingSent)
    lines.push(
      w.payoutsBeingSent === 1
        ? 'A payout request was already being sent by our team, so it could not be canceled. If you did not ask ' +
            'for it, reply to this email.'
        : `${w.payoutsBeingSent} payout requests were already being sent by our team, so they could not be ` +
            'canceled. If you did not ask for them, reply to this email.',
    );
  return lines;
}

/** To the address given back (decision 177): the account is theirs again, and what was removed on the way. */
export function emailChangeUndoneMail(publicUrl: string, to: string, undone: UndoneWith): Mail {
  return {
    to,
    subject: 'Your Accountry account uses this address again',
    ...mailLayout(
      'The change of your email address was undone',
      [
        'Your Accountry account uses this address again, with the new password you chose. Everyone who was signed in ' +
          'to it was signed out.',
        ...removedLines(undone),
        'Check your listings, orders and messages for anything you did not do, and tell support about it.',
      ],
      { label: 'Sign in', url: `${publicUrl}/signin` },
      'You get this email because this address undid a change of its account.',
    ),
  };
}

/** To the address the account leaves: it no longer belongs to the account. */
export function emailChangeUndoneNoticeMail(publicUrl: string, to: string): Mail {
  return {
    to,
    subject: 'Your Accountry account no longer uses this address',
    ...mailLayout(
      'A change of address was undone',
      [
        'The address this Accountry account used before was given back to it, through the link we mailed there. ' +
          'This address no longer signs in to the account, and its mail goes to the address it had before.',
      ],
      { label: 'Visit Accountry', url: publicUrl },
      'If you need this address on Accountry, sign up with it or contact support.',
    ),
  };
}

/** To an address kept for an undo link, when someone tries to sign up with it: why it cannot be used yet. */
export function signUpHeldAddressMail(publicUrl: string, to: string, heldUntil: number): Mail {
  const date = new Date(heldUntil).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return {
    to,
    subject: 'Someone tried to sign up to Accountry with your email',
    ...mailLayout(
      'This address is kept for a while',
      [
        'Someone just tried to create a new Accountry account with this email address. An account moved away from ' +
          `this address recently, and the address stays kept for it until ${date}, so that the link in the email ` +
          '"Your Accountry email address was changed" can give it back.',
        'If that account was yours and you did not move it, use that link. Otherwise, sign up with this address ' +
          `after ${date}.`,
      ],
      { label: 'Visit Accountry', url: publicUrl },
      'If it was not you, you can ignore this email.',
    ),
  };
}
