import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

export type PasskeyChange = 'added' | 'removed';

const CHANGE_TEXT: Record<PasskeyChange, { subject: string; title: string; line: (name: string) => string }> = {
  added: {
    subject: 'A passkey was added to your Accountry account',
    title: 'A passkey was added',
    line: (name) => `The passkey “${name}” was added to your account. It signs in without your password.`,
  },
  removed: {
    subject: 'A passkey was removed from your Accountry account',
    title: 'A passkey was removed',
    line: (name) => `The passkey “${name}” was removed from your account. It no longer signs in.`,
  },
};

/** To the owner whenever a passkey is added or removed: a stolen session cannot add a way in unnoticed. */
export function passkeyChangedMail(publicUrl: string, to: string, change: PasskeyChange, name: string): Mail {
  const text = CHANGE_TEXT[change];
  return {
    to,
    subject: text.subject,
    ...mailLayout(
      text.title,
      [text.line(name), 'If this was not you, remove the passkey, change your password at once and contact support.'],
      { label: 'Open your profile', url: `${publicUrl}/profile` },
      'You get this email because it is about the security of your account.',
    ),
  };
}
