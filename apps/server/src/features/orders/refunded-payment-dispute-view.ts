import type { RefundedPaymentDispute } from '@accountry/shared/refunded-payment-disputes';
import type { refundedPaymentDisputesOfOrder } from './refunded-payment-disputes.repository';
import { unpayableRefundKey } from './stripe-refunds.repository';

/** A dispute of a refunded payment as the order's admin page shows it (decision 244). */
export function refundedPaymentDisputeView(
  orderId: string,
  d: Awaited<ReturnType<typeof refundedPaymentDisputesOfOrder>>[number],
): RefundedPaymentDispute {
  return {
    id: d.id,
    paymentRef: d.paymentRef,
    refundKey: unpayableRefundKey(orderId, d.paymentRef),
    amountCents: d.amountCents,
    reason: d.reason,
    status: d.status,
    openedAt: d.openedAt,
    closedAt: d.closedAt,
    fee: { chargedCents: d.feeCents, returnedCents: d.feeReturnedCents },
  };
}
