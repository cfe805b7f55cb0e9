import type { OrderDetail } from '@accountry/shared/orders';
import {
  REFUND_REFERENCE_MAX,
  REFUSED_REFUND_MESSAGES as R,
  refundCoveredByChargeback,
  refundSettlementSchema,
  type CardRefund,
} from '@accountry/shared/refused-refunds';
import { refundCoveredByDisputes } from '@accountry/shared/refunded-payment-disputes';
import { formatCents } from '@accountry/shared/wallet';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { adminOrdersApi } from '../api/admin-orders-api';
import { shownInDialog, useAdminAction } from '../api/admin-api';
import { schemaProblem } from '../../../lib/forms';

type Ask = (refund: CardRefund) => void;
export interface RefundAsks {
  retry: Ask;
  settle: Ask;
}

/** What the retry's answer says, by where the refund stands once Stripe answered. */
function retryOutcome(order: OrderDetail, key: string) {
  const status = order.cardRefunds?.find((r) => r.key === key)?.status;
  return status === 'sent' ? R.retrySent : status === 'refused' ? R.retryRefused : R.retryPending;
}

/** The shared schema's message for a reference the server would refuse, shown on the field before sending. */
const referenceProblem = (reference: string) => schemaProblem(refundSettlementSchema, { refundKey: 'k', reference });

/**
 * What recording it as paid back means for this order: the buyer's bank may have returned the payment already, in a
 * chargeback it decided for them (decision 183), which settles that much of it. On an order never paid here (a late
 * payment refunded at once, decision 095) nothing was booked of it, so nothing is left to recover either.
 */
function settleMessage(order: OrderDetail, refund: CardRefund) {
  const c = order.chargeback;
  const amount = formatCents(refund.amountCents);
  // A second payment's refund: the disputes of that payment cover it, and leave nothing to recover (decision 244).
  const second = order.refundedPaymentDisputes?.filter((d) => d.refundKey === refund.key) ?? [];
  const paid = order.paidAt !== null && second.length === 0;
  const covered = second.length
    ? refundCoveredByDisputes(second, refund)
    : refundCoveredByChargeback(
        refund.amountCents,
        c && {
          status: c.status,
          settledBefore: c.settledBefore,
          outstandingCents: c.recovery?.outstandingCents ?? 0,
          amountCents: c.amountCents,
        },
        paid,
      );
  const mailed = `${order.buyerName} is emailed how it was paid back.`;
  if (covered === refund.amountCents)
    return (
      `${order.buyerName}'s bank already returned the payment to them in the chargeback it decided for them: that ` +
      `settles this refund of ${amount}` +
      (paid
        ? `, and ${formatCents(covered)} less is left to recover of the chargeback. `
        : ', and the platform pays nothing of it. ') +
      mailed
    );
  if (covered > 0)
    return (
      `${order.buyerName}'s bank returned ${formatCents(covered)} of it in the chargeback it decided for them. Record ` +
      `this only once the other ${formatCents(refund.amountCents - covered)} reached them another way: it is booked ` +
      `as paid from the platform's own money. ${mailed}`
    );
  return (
    `Only once ${order.buyerName} has the ${amount} back another way (a bank transfer, say): it is booked as paid ` +
    `from the platform's own money, and Stripe is not asked again. ${mailed}`
  );
}

/** The order page's dialogs for a refund Stripe refused; `dialog` goes on the page. */
export function useRefundAsks(order: OrderDetail, returnFocusTo: () => HTMLElement | null) {
  const confirm = useConfirm();
  const retry = useAdminAction(
    async (key: string) => ({ key, order: await adminOrdersApi.retryRefund(order.id, key) }),
    // The answer is the order as it stands once Stripe answered: its refund says how the retry went.
    (out) => retryOutcome(out.order, out.key),
    shownInDialog,
  );
  const settle = useAdminAction(
    ({ key, reference }: { key: string; reference: string }) => adminOrdersApi.settleRefund(order.id, key, reference),
    R.settled,
    shownInDialog,
  );
  const asks: RefundAsks = {
    retry: (refund) =>
      confirm.ask({
        title: 'Retry the refund at Stripe?',
        message:
          `Stripe is asked again to refund ${formatCents(refund.amountCents)} to ${order.buyerName}'s card. It ` +
          'refused before; if it refuses again, the refund waits here again.',
        confirmLabel: 'Retry at Stripe',
        onConfirm: () => retry.mutateAsync(refund.key),
        returnFocusTo,
      }),
    settle: (refund) =>
      confirm.ask({
        title: 'Record the refund as paid back?',
        message: settleMessage(order, refund),
        confirmLabel: 'Record as paid back',
        reason: {
          label: 'How it was paid back',
          description:
            `A bank transfer's reference or a short note. Up to ${REFUND_REFERENCE_MAX} characters. ` +
            `${order.buyerName} sees it.`,
          required: true,
          singleLine: true,
          check: referenceProblem,
          name: 'reference',
        },
        onConfirm: (reference) => settle.mutateAsync({ key: refund.key, reference }),
        returnFocusTo,
      }),
  };
  return { asks, dialog: confirm.dialog };
}
