import type { OrderAction } from '@accountry/shared/order-state';
import type { OrdersTable } from '../../db/schema';
import type { OrdersContext } from './orders-context';
import { publishSystemMessages } from '../chat/system-messages.service';
import type { Moved } from './order-transitions';

/** What goes back to the buyer outside the ledger's own accounts when `action` moves `before` (0: nothing). */
export function refundedBy(before: OrdersTable, action: OrderAction, refundCents: number) {
  if (action === 'refund' || action === 'partial_refund') return refundCents;
  const cancels = action === 'cancel' || action === 'auto_cancel' || action === 'seller_closed';
  return cancels && before.status === 'paid' ? before.priceCents : 0;
}

/** Whether `action` leaves an unpaid order whose buyer had opened the provider's payment page (it must be closed). */
export function closesPayment(before: OrdersTable, action: OrderAction) {
  return before.status === 'pending_payment' && action !== 'pay' && before.providerRef !== null;
}

export const refundKey = (order: OrdersTable, cents: number) => `${order.id}:refund:${cents}`;

/**
 * What follows a committed move: its chat message goes out live, the refund owed is sent, the payment page left open
 * is closed (the parties' mails were queued with the move).
 */
export async function afterTransition(ctx: OrdersContext, before: OrdersTable, moved: Moved, action: OrderAction) {
  const after = moved.order;
  await publishSystemMessages(ctx.deps, [moved.notice, ...(moved.others ?? [])]);
  const refunded = refundedBy(before, action, after.refundedCents);
  if (refunded > 0) await ctx.providerOf(before).sendRefund(refundKey(after, refunded));
  if (closesPayment(before, action)) await ctx.providerOf(before).closePayment(after.id);
}
