import { z } from 'zod';
import { chargebackReasonText } from './chargebacks';
import { formatCents } from './wallet';

/**
 * A card dispute of a payment its order does not hold (decision 244): a second payment of the order, refunded at once
 * as one it could not take (decision 095). For admins only: it never holds the order nor concerns its parties.
 */
export const refundedPaymentDisputeSchema = z.object({
  /** Stripe's dispute id. */
  id: z.string(),
  /** The Checkout Session that made the disputed payment, to find it at Stripe. */
  paymentRef: z.string(),
  /** The key of that payment's card refund (`cardRefunds`), which the bank's decision for the buyer covers. */
  refundKey: z.string(),
  amountCents: z.number(),
  /** Stripe's reason code, put in words where it is shown (`chargebackReasonText`). */
  reason: z.string(),
  status: z.enum(['open', 'won', 'lost']),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  /** Stripe's dispute fee the platform paid, and what Stripe gave back of it. */
  fee: z.object({ chargedCents: z.number(), returnedCents: z.number() }),
});
export type RefundedPaymentDispute = z.infer<typeof refundedPaymentDisputeSchema>;

const REFUNDED = 'refunded to the card in full';
const NOT_REFUNDED = 'did not take (its refund has not reached the card)';

/** What the bank disputes and why, in the admins' mail (`refunded`: the refund reached the card). */
export const refundedPaymentDisputedLine = (
  d: Pick<RefundedPaymentDispute, 'amountCents' | 'paymentRef' | 'reason'>,
  refunded: boolean,
) =>
  `The buyer's bank disputes ${formatCents(d.amountCents)} of a second payment of this order (${d.paymentRef}), ` +
  `which Accountry ${refunded ? REFUNDED : NOT_REFUNDED}: ${chargebackReasonText(d.reason)}.`;

/**
 * What of a second payment's card refund the bank returned in disputes of that payment it decided for the buyer: that
 * much is settled by the bank, not by the platform (decision 244).
 */
export const refundCoveredByDisputes = (
  disputes: readonly Pick<RefundedPaymentDispute, 'refundKey' | 'status' | 'amountCents'>[],
  refund: { key: string; amountCents: number },
) => {
  const lost = disputes.filter((d) => d.refundKey === refund.key && d.status === 'lost');
  return Math.min(
    refund.amountCents,
    lost.reduce((sum, d) => sum + d.amountCents, 0),
  );
};

/** Where such a dispute stands, in words for the order's admin page. */
export const REFUNDED_PAYMENT_DISPUTE_STATUS = {
  open: "Open: submit the refund as evidence in Stripe's dashboard before the bank decides.",
  won: 'Won: the bank decided for the platform, and Stripe gave the funds back.',
  lost: "Lost: the bank returned the money to the cardholder a second time, at the platform's cost.",
} as const;
