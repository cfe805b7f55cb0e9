import { mailLayout } from '../../email/mail-layout';
import type { Mail } from '../../email/mailer';
import { deviceOf } from '../../lib/account-events';

/** A copy of the account's data was asked for (decision 179): the owner learns of it whoever asked. */
export function dataExportedMail(
  publicUrl: string,
  to: string,
  at: number,
  origin: { ip: string; userAgent: string; twoFactorOn: boolean },
): Mail {
  const when = new Date(at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const from = deviceOf(origin.userAgent) ?? 'an unknown browser';
  return {
    to,
    subject: 'A copy of your Accountry data was requested',
    ...mailLayout(
      'A copy of your data was requested',
      [
        'Someone signed in to your account asked for a copy of the data we keep about it (your details, listings, ' +
          `chats, orders and wallet), from ${from}, from the IP address ${origin.ip}, on ${when} (UTC).`,
        'If it was you, there is nothing to do. If not, someone knows your password' +
          (origin.twoFactorOn
            ? ' and has your second factor: change your password now, sign out everywhere from your profile, and ' +
              'contact support.'
            : ': change it now, sign out everywhere from your profile, and turn on two-factor sign-in.'),
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}
