import { ADMIN_TASK_MAILS as T } from '@accountry/shared/admin-waiting';
import { chargebackOpenedReason } from '@accountry/shared/order-messages';
import { refundedPaymentDisputedLine } from '@accountry/shared/refunded-payment-disputes';
import { formatCents } from '@accountry/shared/wallet';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { queueAdminTaskMail } from '../../email/admin-task-mail';
import type { MailLinks } from '../../email/unsubscribe-links';

/**
 * The admins hear of what waits for their decision (decision 186), in the transaction of the event that made it: a
 * dispute opened, a payout requested, a chargeback opened, a card refund Stripe refused, a refunded payment disputed.
 * The order's parties (or the payout's member) are left out: an admin never decides their own money.
 */
type Task = keyof Omit<typeof T, 'footer'>;

function queueTaskMail(
  trx: Database,
  links: MailLinks,
  task: Task,
  subject: string,
  line: string,
  url: string,
  except: string[],
  now: number,
) {
  return queueAdminTaskMail(trx, links, { ...T[task], subject, line, url }, except, now);
}

const orderUrl = (publicUrl: string, id: string) => `${publicUrl}/admin/orders/${encodeURIComponent(id)}`;

async function titleOf(trx: Database, order: OrdersTable) {
  const row = await trx.selectFrom('listings').select('title').where('id', '=', order.listingId).executeTakeFirst();
  return row?.title ?? 'an order';
}

export async function queueDisputeAdminMail(trx: Database, links: MailLinks, order: OrdersTable, now: number) {
  const line = T.dispute.line(formatCents(order.priceCents), order.disputeReason ?? '');
  const subject = T.dispute.subject(await titleOf(trx, order));
  const url = orderUrl(links.publicUrl, order.id);
  await queueTaskMail(trx, links, 'dispute', subject, line, url, [order.buyerId, order.sellerId], now);
}

export async function queueChargebackAdminMail(
  trx: Database,
  links: MailLinks,
  order: OrdersTable,
  chargeback: { amountCents: number; reason: string },
  now: number,
) {
  const line = T.chargeback.line(chargebackOpenedReason(chargeback.amountCents, chargeback.reason));
  const subject = T.chargeback.subject(await titleOf(trx, order));
  const url = orderUrl(links.publicUrl, order.id);
  await queueTaskMail(trx, links, 'chargeback', subject, line, url, [order.buyerId, order.sellerId], now);
}

/**
 * The card's bank disputes a second payment of the order that was refunded at once (decision 244): the refund is the
 * evidence to submit at Stripe; `refunded` says whether it reached the card.
 */
export async function queueRefundedPaymentDisputeAdminMail(
  trx: Database,
  links: MailLinks,
  order: OrdersTable,
  dispute: { amountCents: number; paymentRef: string; reason: string; refunded: boolean },
  now: number,
) {
  const line = T.refundedPaymentDispute.line(refundedPaymentDisputedLine(dispute, dispute.refunded), dispute.refunded);
  const subject = T.refundedPaymentDispute.subject(await titleOf(trx, order));
  const url = orderUrl(links.publicUrl, order.id);
  await queueTaskMail(trx, links, 'refundedPaymentDispute', subject, line, url, [order.buyerId, order.sellerId], now);
}

export async function queuePayoutAdminMail(
  trx: Database,
  links: MailLinks,
  payout: { userId: string; amountCents: number },
  now: number,
) {
  const member = await trx.selectFrom('users').select('displayName').where('id', '=', payout.userId).executeTakeFirst();
  const amount = formatCents(payout.amountCents);
  const line = T.payout.line(member?.displayName ?? 'A member', amount);
  await queueTaskMail(
    trx,
    links,
    'payout',
    T.payout.subject(amount),
    line,
    `${links.publicUrl}/admin/payouts`,
    [payout.userId],
    now,
  );
}

/** Stripe refused a card refund for good (decision 095): the buyer is owed it until an admin settles it. */
export async function queueRefusedRefundAdminMail(
  trx: Database,
  links: MailLinks,
  refund: { orderId: string; amountCents: number; error: string },
  now: number,
) {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', refund.orderId).executeTakeFirst();
  if (!order) return;
  const line = T.refusedRefund.line(formatCents(refund.amountCents), refund.error);
  const subject = T.refusedRefund.subject(await titleOf(trx, order));
  const url = orderUrl(links.publicUrl, order.id);
  await queueTaskMail(trx, links, 'refusedRefund', subject, line, url, [order.buyerId, order.sellerId], now);
}
