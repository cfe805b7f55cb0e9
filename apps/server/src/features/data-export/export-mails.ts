import { detectBrowser, detectDevice } from '@accountry/shared/traffic-detect';
import { mailLayout } from '../../email/mail-layout';
import type { Mail } from '../../email/mailer';

/** A copy of the account's data was downloaded (decision 179): the owner learns of it whoever asked. */
export function dataExportedMail(publicUrl: string, to: string, at: number, ip: string, userAgent: string): Mail {
  const when = new Date(at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const browser = detectBrowser(userAgent);
  const from = `${browser === 'Unknown' ? 'an unknown browser' : browser} on a ${detectDevice(userAgent)}`;
  return {
    to,
    subject: 'A copy of your Accountry data was downloaded',
    ...mailLayout(
      'Your data was downloaded',
      [
        'A copy of the data we keep about your account (your details, listings, chats, orders and wallet) was ' +
          `downloaded from ${from}, from the address ${ip}, on ${when} (UTC).`,
        'If it was you, there is nothing to do. If not, someone knows your password: change it now, sign out ' +
          'everywhere from your profile, and turn on two-factor sign-in.',
      ],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}
