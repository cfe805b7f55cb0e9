import { formatCents } from '@accountry/shared/wallet';
import { PAYOUT_DETAILS_HOLD_HOURS } from '@accountry/shared/payout-methods';
import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

/** Marked paid with the transfer's reference (decision 188), or rejected with the reason the member is told. */
export type PayoutDecision = { paid: true; reference: string } | { paid: false; reason: string };

/** To the member when an admin sends or rejects their payout; a sent one says the reference to find it by. */
export function payoutDecidedMail(publicUrl: string, to: string, amountCents: number, decision: PayoutDecision) {
  const amount = formatCents(amountCents);
  const mail: Omit<Mail, 'to'> = decision.paid
    ? {
        subject: `Your payout of ${amount} was sent`,
        ...mailLayout(
          'Your payout is on its way',
          [
            `We sent ${amount} to you. Depending on your bank, it arrives within a few working days.`,
            `Transfer reference: ${decision.reference}`,
            'Look for this reference to find the payment in your bank or PayPal account.',
          ],
          { label: 'Open your wallet', url: `${publicUrl}/wallet` },
          'You get this email because you asked for a payout on Accountry.',
        ),
      }
    : {
        subject: `Your payout request of ${amount} was rejected`,
        ...mailLayout(
          'Your payout request was rejected',
          [
            ...(decision.reason ? [`Reason: ${decision.reason}`] : []),
            `The ${amount} is back in your available balance. You can ask for a payout again, or reply to this email.`,
          ],
          { label: 'Open your wallet', url: `${publicUrl}/wallet` },
          'You get this email because you asked for a payout on Accountry.',
        ),
      };
  return { to, ...mail };
}

/**
 * To the member when an admin corrects the reference of their paid payout (decision 188): the mail that said it was
 * sent gave them the wrong one to look for on their statement.
 */
export function payoutReferenceCorrectedMail(
  publicUrl: string,
  to: string,
  amountCents: number,
  change: { previousReference: string; reference: string },
) {
  const amount = formatCents(amountCents);
  return {
    to,
    subject: `The transfer reference of your ${amount} payout was corrected`,
    ...mailLayout(
      'Your payout has a corrected transfer reference',
      [
        `The transfer reference we gave you for the ${amount} we sent you was wrong: it was ${change.previousReference}.`,
        `Transfer reference: ${change.reference}`,
        'Look for this reference to find the payment in your bank or PayPal account.',
      ],
      { label: 'Open your wallet', url: `${publicUrl}/wallet` },
      'You get this email because you asked for a payout on Accountry.',
    ),
  };
}

/** To the owner whenever the payout details are set or changed (decision 173), so a change that was not theirs shows. */
export function payoutDetailsChangedMail(publicUrl: string, to: string, summary: string) {
  return {
    to,
    subject: 'Your Accountry payout details were changed',
    ...mailLayout(
      'Your payout details were changed',
      [
        `Payouts from your Accountry balance now go to: ${summary}.`,
        `For your safety, payouts can be requested ${PAYOUT_DETAILS_HOLD_HOURS} hours after a change.`,
        'If you did not make this change, change your password now and reply to this email: we will hold your payouts.',
      ],
      { label: 'Open your wallet', url: `${publicUrl}/wallet` },
      'You get this email because the payout details of your Accountry account changed.',
    ),
  };
}

/** To the owner when the payout details are removed (decision 174): a removal that was not theirs shows too. */
export function payoutDetailsRemovedMail(publicUrl: string, to: string, summary: string) {
  return {
    to,
    subject: 'Your Accountry payout details were removed',
    ...mailLayout(
      'Your payout details were removed',
      [
        `Payouts no longer go to: ${summary}. Add payout details again before you ask for a payout.`,
        'A payout you asked for before keeps the details it was requested with.',
        'If you did not make this change, change your password now and reply to this email.',
      ],
      { label: 'Open your wallet', url: `${publicUrl}/wallet` },
      'You get this email because the payout details of your Accountry account changed.',
    ),
  };
}
