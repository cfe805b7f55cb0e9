import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { mailLinks } from '../../email/unsubscribe-links';
import { badRequest, conflict } from '../../lib/app-error';
import { PLATFORM_EXPENSE, lockLedgerAccounts } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';
import type { ChargebackOutcome } from './chargebacks.service';
import { findOrder } from './orders.repository';
import { findRefundOwed, unpayableRefundKey } from './stripe-refunds.repository';
import { insertRefundedPaymentDispute } from './refunded-payment-disputes.repository';
import { closeDispute, disputedCents } from './dispute-rows';
import { bookDisputeFee } from './chargeback-fees';
import { bookDisputeFunds } from './chargeback-funds';
import { queueRefundedPaymentDisputeAdminMail } from './admin-task-mails';

const TABLE = 'refundedPaymentDisputes';

/**
 * The card's bank disputes a payment its order does not hold (decision 244): a second payment of the order, which the
 * webhook refunded at once as one the order could not take (decision 095). Only a payment whose refund is owed here for
 * that order is one of these; any other is unknown (400). Recorded apart from the order's chargebacks: the order is
 * never held, moved or told, and its seller never answers for it. What Stripe took, its fee and the funds, is the
 * platform's cost (`platform_expense → stripe_clearing`) until Stripe gives it back. The opening mails the admins, who
 * submit the refund as evidence. Each report is applied once, whatever how often the provider repeats it.
 */
export async function recordRefundedPaymentDispute(
  ctx: OrdersContext,
  report: ReportedChargeback,
): Promise<ChargebackOutcome> {
  const now = ctx.deps.clock.now();
  const { id, status } = report;
  const applied = await ctx.deps.db.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, report.orderId);
    const refund = order && (await findRefundOwed(trx, unpayableRefundKey(order.id, report.providerRef)));
    if (!order || !refund || refund.orderId !== order.id) throw badRequest(M.unknownPayment);
    // The order's own payment is its chargeback's: the provider's retry goes there.
    if (order.providerRef === report.providerRef) throw conflict(M.stateChanged);
    const row = {
      id,
      orderId: order.id,
      paymentRef: report.providerRef,
      amountCents: disputedCents(ctx, order, report, refund.amountCents),
      currency: order.currency,
      reason: report.reason,
      openedAt: now,
      checkedAt: null,
      feeCents: 0,
      feeReturnedCents: 0,
      withdrawnCents: 0,
      reinstatedCents: 0,
    };
    const recorded =
      status === 'open'
        ? await insertRefundedPaymentDispute(trx, { ...row, status, closedAt: null })
        : await closeDispute(ctx, trx, TABLE, { id, status, now }, () =>
            insertRefundedPaymentDispute(trx, { ...row, status, closedAt: now }),
          );
    if (!recorded) return false;
    // Every account the report may post to, at once in the ledger's order before its first posting (decision 183).
    await lockLedgerAccounts(trx, [ctx.providerOf(order).refundAccount(order), PLATFORM_EXPENSE]);
    if (status === 'open') {
      const dispute = { ...row, refunded: refund.status === 'sent' };
      await queueRefundedPaymentDisputeAdminMail(trx, mailLinks(ctx.deps), order, dispute, now);
    }
    await bookDisputeFee(ctx, trx, order, report, now, TABLE);
    // The buyer already has this payment back from our refund: what the bank takes again is the platform's loss.
    await bookDisputeFunds(ctx, trx, order, report, now, { table: TABLE, against: PLATFORM_EXPENSE });
    return true;
  });
  if (!applied) return 'duplicate';
  return status === 'open' ? 'opened' : status;
}
