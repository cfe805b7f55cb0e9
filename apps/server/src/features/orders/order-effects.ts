import { ORDER_MAIL_SUBJECTS as S } from '@accountry/shared/order-messages';
import { ORDER_STATE_LABELS, type OrderAction } from '@accountry/shared/order-state';
import { formatCents } from '@accountry/shared/wallet';
import type { OrdersTable } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import type { OrdersContext } from './orders-context';
import { publishSystemMessages } from '../chat/system-messages.service';
import { findUserBrief } from './orders.repository';
import type { Moved } from './order-transitions';

type MailKind = keyof typeof S;

const MAIL_LINES: Record<MailKind, (o: OrdersTable, title: string) => string> = {
  paid: (o, t) =>
    `The order for "${t}" (${formatCents(o.priceCents)}) is paid. The money is held until the order completes.`,
  delivered: (_o, t) => `The seller delivered the credentials for "${t}". The buyer has 72 hours to check the account.`,
  disputeOpened: (_o, t) => `The buyer opened a dispute about "${t}". The seller is asked to answer within 24 hours.`,
  disputeDecided: (o, t) =>
    `An admin decided the dispute about "${t}": ${ORDER_STATE_LABELS[o.status]}. The reason is on the order page.`,
  completed: (_o, t) => `The order for "${t}" is completed. The seller's share is now in their available balance.`,
  autoConfirmSoon: (_o, t) =>
    `The order for "${t}" will be confirmed automatically in 12 hours. Open a dispute before then if something is wrong.`,
};

const MAIL_FOR: Partial<Record<OrderAction, MailKind>> = {
  pay: 'paid',
  deliver: 'delivered',
  dispute: 'disputeOpened',
  refund: 'disputeDecided',
  partial_refund: 'disputeDecided',
  release: 'disputeDecided',
  complete: 'completed',
};

/** Mail the buyer and the seller about their order; never the credentials. A failed mail never undoes the move. */
export async function mailParties(ctx: OrdersContext, order: OrdersTable, kind: MailKind) {
  const db = ctx.deps.db.db;
  const listing = await db.selectFrom('listings').select('title').where('id', '=', order.listingId).executeTakeFirst();
  const title = listing?.title ?? 'your order';
  const url = `${ctx.deps.config.publicUrl}/orders/${encodeURIComponent(order.id)}`;
  const line = MAIL_LINES[kind](order, title);
  for (const userId of [order.buyerId, order.sellerId]) {
    const user = await findUserBrief(db, userId);
    if (!user) continue;
    try {
      await ctx.deps.mailer.send({
        to: user.email,
        subject: `${S[kind]}: ${title}`,
        text: `${line}\n\nOpen the order: ${url}`,
        html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(url)}">Open the order</a></p>`,
      });
    } catch {
      // The order page shows the same news; mail is best effort.
    }
  }
}

/** What goes back to the buyer outside the ledger's own accounts when `action` moves `before` (0: nothing). */
export function refundedBy(before: OrdersTable, action: OrderAction, refundCents: number) {
  if (action === 'refund' || action === 'partial_refund') return refundCents;
  return (action === 'cancel' || action === 'auto_cancel') && before.status === 'paid' ? before.priceCents : 0;
}

/** Whether `action` leaves an unpaid order whose buyer had opened the provider's payment page (it must be closed). */
export function closesPayment(before: OrdersTable, action: OrderAction) {
  return before.status === 'pending_payment' && action !== 'pay' && before.providerRef !== null;
}

export const refundKey = (order: OrdersTable, cents: number) => `${order.id}:refund:${cents}`;

/**
 * What follows a committed move: its chat message goes out live, the refund owed is sent, the payment page left open
 * is closed, both parties get a mail.
 */
export async function afterTransition(ctx: OrdersContext, before: OrdersTable, moved: Moved, action: OrderAction) {
  const after = moved.order;
  await publishSystemMessages(ctx.deps, [moved.notice]);
  const refunded = refundedBy(before, action, after.refundedCents);
  if (refunded > 0) await ctx.provider.sendRefund(refundKey(after, refunded));
  if (closesPayment(before, action)) await ctx.provider.closePayment(after.id);
  const kind = MAIL_FOR[action];
  if (kind) await mailParties(ctx, after, kind);
}
