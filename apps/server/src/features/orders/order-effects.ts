import { removeEvidenceFiles } from './dispute-evidence-files';
import type { OrderAction } from '@accountry/shared/order-state';
import type { OrdersTable } from '../../db/schema';
import type { OrdersContext } from './orders-context';
import { publishSystemMessages } from '../chat/system-messages.service';
import type { FollowUp, Moved } from './order-transitions';
import { publishOrderUpdated } from './order-events';

/** What goes back to the buyer outside the ledger's own accounts when `action` moves `before` (0: nothing). */
export function refundedBy(before: OrdersTable, action: OrderAction, refundCents: number) {
  if (action === 'refund' || action === 'partial_refund') return refundCents;
  const cancels = action === 'cancel' || action === 'auto_cancel' || action === 'seller_closed';
  return cancels && before.status === 'paid' ? before.priceCents : 0;
}

/**
 * Whether `action` leaves an unpaid order whose buyer had opened the provider's payment page (it must be closed). The
 * page is the one on `after`, the row the move wrote: `before` was read first, and a "Pay" may have stored one since.
 */
export function closesPayment(before: OrdersTable, after: OrdersTable, action: OrderAction) {
  return before.status === 'pending_payment' && action !== 'pay' && after.providerRef !== null;
}

export const refundKey = (order: OrdersTable, cents: number) => `${order.id}:refund:${cents}`;

/**
 * What follows a committed move: its chat message goes out live, the order's open pages hear it changed (decision
 * 211), the refund owed is sent, the payment page left open is closed (the parties' mails were queued with the move).
 * `announce` is false for a move followed by another of the same order in its transaction: the last one tells.
 */
export async function afterTransition(
  ctx: OrdersContext,
  before: OrdersTable,
  moved: Moved,
  action: OrderAction,
  announce = true,
) {
  const after = moved.order;
  if (moved.droppedEvidence?.length) await removeEvidenceFiles(ctx.deps, moved.droppedEvidence);
  await publishSystemMessages(ctx.deps, [moved.notice, ...(moved.others ?? [])]);
  if (announce) await publishOrderUpdated(ctx.deps, after);
  const refunded = refundedBy(before, action, after.refundedCents);
  if (refunded > 0) await ctx.providerOf(before).sendRefund(refundKey(after, refunded));
  if (closesPayment(before, after, action)) await ctx.providerOf(before).closePayment(after.id);
}

/** `afterTransition` of each move one transaction made, in order, once it committed. */
export async function afterTransitions(ctx: OrdersContext, moves: FollowUp[]) {
  for (const m of moves) await afterTransition(ctx, m.before, m.moved, m.action);
}
