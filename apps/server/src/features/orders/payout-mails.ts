import { formatCents } from '@accountry/shared/wallet';
import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

/** To the member when an admin sends or rejects their payout. */
export function payoutDecidedMail(publicUrl: string, to: string, amountCents: number, paid: boolean, reason: string) {
  const amount = formatCents(amountCents);
  const mail: Omit<Mail, 'to'> = paid
    ? {
        subject: `Your payout of ${amount} was sent`,
        ...mailLayout(
          'Your payout is on its way',
          [`We sent ${amount} to you. Depending on your bank, it arrives within a few working days.`],
          { label: 'Open your wallet', url: `${publicUrl}/wallet` },
          'You get this email because you asked for a payout on Accountry.',
        ),
      }
    : {
        subject: `Your payout request of ${amount} was rejected`,
        ...mailLayout(
          'Your payout request was rejected',
          [
            ...(reason ? [`Reason: ${reason}`] : []),
            `The ${amount} is back in your available balance. You can ask for a payout again, or reply to this email.`,
          ],
          { label: 'Open your wallet', url: `${publicUrl}/wallet` },
          'You get this email because you asked for a payout on Accountry.',
        ),
      };
  return { to, ...mail };
}
