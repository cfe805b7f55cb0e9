import { REFUND_SETTLED_MAIL as T } from '@accountry/shared/refused-refunds';
import { listingTitleShownTo } from '../../db/listing-titles';
import { formatCents } from '@accountry/shared/wallet';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { mailLayout } from '../../email/mail-layout';
import { queueMailToUser } from '../../email/mail-to-user';

/**
 * To the buyer whose refund Stripe refused, once an admin recorded how it was paid back (decision 095), in that
 * transaction: the cancel's mail told them it went back to the card, so only a mail tells them where to look instead.
 */
export async function queueRefundSettledMail(
  trx: Database,
  publicUrl: string,
  order: OrdersTable,
  settled: { amountCents: number; coveredCents: number; reference: string },
  now: number,
) {
  const title = (await listingTitleShownTo(trx, order.listingId, order.buyerId)) ?? 'your order';
  const amount = formatCents(settled.amountCents);
  const rest = settled.amountCents - settled.coveredCents;
  const bank = {
    cents: settled.coveredCents,
    text: formatCents(settled.coveredCents),
    rest: rest ? formatCents(rest) : '',
  };
  const body = mailLayout(
    T.heading,
    [T.line(amount, title, bank), T.reference(settled.reference), T.help],
    { label: T.label, url: `${publicUrl}/orders/${encodeURIComponent(order.id)}` },
    T.footer,
  );
  const subject = T.subject(amount, title);
  return queueMailToUser(trx, order.buyerId, (to) => ({ to: to.email, subject, ...body }), now);
}
