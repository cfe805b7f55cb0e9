import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { mailLinks } from '../../email/unsubscribe-links';
import { badRequest, conflict } from '../../lib/app-error';
import type { OrdersContext } from './orders-context';
import type { FailedRefund } from './payment-provider';
import { queueRefusedRefundAdminMail } from './admin-task-mails';
import { findRefundOwed, markSentRefundFailed } from './stripe-refunds.repository';
import { refundFailureText } from './refund-failure-text';
import { publishOrderUpdatedOf } from './order-events';

export type RefundFailureOutcome = 'refund_failed' | 'duplicate' | 'ignored';

/**
 * A card refund the provider took failed afterwards (decision 234): the buyer never got it, so it waits for an admin
 * as a refused one does (decision 095), the admins mailed in the same transaction, written on the state read (sent
 * under that very refund, or sent with none recorded: the one under our key is then it). A replay, or a failure of a
 * refund an admin's retry already replaced, changes nothing; one our send has not recorded yet is a 409, so the
 * provider delivers it again; an unknown refund is a 400.
 */
export async function recordRefundFailure(ctx: OrdersContext, report: FailedRefund): Promise<RefundFailureOutcome> {
  const now = ctx.deps.clock.now();
  const error = refundFailureText(report.status, report.failureReason, true);
  const outcome = await ctx.deps.db.db.transaction().execute(async (trx): Promise<RefundFailureOutcome> => {
    const refund = await findRefundOwed(trx, report.refundKey);
    if (!refund || refund.orderId !== report.orderId) throw badRequest(M.unknownPayment);
    if (refund.status === 'pending') throw conflict(M.stateChanged);
    // Sent with no refund id (Stripe answered the payment was already refunded): the failed one under our key is it.
    const sentUnrecorded = refund.status === 'sent' && refund.stripeRefundId === null;
    if (refund.stripeRefundId !== report.providerRefundId && !sentUnrecorded) return 'ignored';
    if (refund.status !== 'sent') return 'duplicate';
    const failed = await markSentRefundFailed(
      trx,
      refund.idempotencyKey,
      refund.stripeRefundId,
      report.providerRefundId,
      error,
    );
    if (!failed) throw conflict(M.stateChanged);
    const refused = { orderId: refund.orderId, amountCents: refund.amountCents, error };
    await queueRefusedRefundAdminMail(trx, mailLinks(ctx.deps), refused, now);
    return 'refund_failed';
  });
  // The admin's order page shows the refund waiting; the parties' pages refresh as for any change of the order.
  if (outcome === 'refund_failed') await publishOrderUpdatedOf(ctx.deps, report.orderId);
  return outcome;
}
