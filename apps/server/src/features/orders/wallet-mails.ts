import { formatCents } from '@accountry/shared/wallet';
import { listingTitleShownTo } from '../../db/listing-titles';
import type { Database } from '../../db/database';
import { mailLayout } from '../../email/mail-layout';
import { queueMailToUser } from '../../email/mail-to-user';

const FOOTER = 'You get this email because your Accountry balance changed.';

/**
 * To the member when an admin credits their balance (a transfer received) or corrects it (money taken), in the
 * posting's transaction; the reason is the wallet line's memo, which the member sees there too.
 */
export function queueBalanceCreditMail(
  trx: Database,
  publicUrl: string,
  userId: string,
  amountCents: number,
  reason: string,
  now: number,
) {
  const amount = formatCents(Math.abs(amountCents));
  const added = amountCents > 0;
  const subject = added
    ? `${amount} was added to your Accountry balance`
    : `${amount} was taken from your Accountry balance`;
  const body = mailLayout(
    added ? 'Your balance was credited' : 'Your balance was corrected',
    [
      added
        ? `An Accountry admin added ${amount} to your available balance.`
        : `An Accountry admin took ${amount} from your available balance.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      'The line is in your wallet’s balance history. If something looks wrong, reply to this email.',
    ],
    { label: 'Open your wallet', url: `${publicUrl}/wallet` },
    FOOTER,
  );
  return queueMailToUser(trx, userId, (to) => ({ to: to.email, subject, ...body }), now);
}

/** To the member an admin recovered part of a lost chargeback from (decision 183): how much, for which order. */
export async function queueChargebackRecoveredMail(
  trx: Database,
  publicUrl: string,
  r: { memberId: string; orderId: string; listingId: string; amountCents: number; leftCents: number },
  now: number,
) {
  const title = (await listingTitleShownTo(trx, r.listingId, r.memberId)) ?? 'your order';
  const amount = formatCents(r.amountCents);
  const subject = `${amount} was taken from your balance for a chargeback: ${title}`;
  const body = mailLayout(
    'A chargeback was recovered from your balance',
    [
      `The buyer’s bank took back the payment for "${title}" after the order had paid out, and decided the ` +
        `chargeback against it. An Accountry admin took ${amount} of it from your available balance.`,
      r.leftCents > 0 ? `${formatCents(r.leftCents)} of it is still owed.` : 'Nothing more of it is owed.',
      'If something looks wrong, reply to this email.',
    ],
    { label: 'Open the order', url: `${publicUrl}/orders/${encodeURIComponent(r.orderId)}` },
    FOOTER,
  );
  return queueMailToUser(trx, r.memberId, (to) => ({ to: to.email, subject, ...body }), now);
}
