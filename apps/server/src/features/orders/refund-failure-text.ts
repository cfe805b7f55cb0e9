/** A refund's statuses at Stripe that never reached the card: it failed (the card's bank, say) or was canceled. */
export const isFailedRefundStatus = (status: string | null | undefined): status is 'failed' | 'canceled' =>
  status === 'failed' || status === 'canceled';

/** Stripe's `failure_reason` codes, in words for the admin who settles the refund. */
const FAILURE_REASONS: Record<string, string> = {
  lost_or_stolen_card: 'the card was reported lost or stolen',
  expired_or_canceled_card: 'the card expired or was canceled',
  charge_for_pending_refund_disputed: "the buyer's bank disputed the charge while the refund was pending",
  insufficient_funds: 'the Stripe balance could not cover it',
  declined: "the card's bank declined it",
  merchant_request: 'it was canceled from the Stripe account',
  unknown: 'Stripe does not know why',
};

/**
 * What a refund Stripe failed or canceled says to the admins (its `last_error`, decision 234): when, and why in words
 * with Stripe's own code, so it can be looked up in Stripe's dashboard.
 */
export function refundFailureText(
  status: 'failed' | 'canceled',
  reason: string | null | undefined,
  afterSent: boolean,
) {
  const why = !reason ? 'no reason given' : `${FAILURE_REASONS[reason] ?? "Stripe's reason"} (${reason})`;
  if (afterSent) return `Stripe took the refund, then it ${status === 'failed' ? 'failed' : 'was canceled'}: ${why}.`;
  return `Stripe ${status} the refund: ${why}.`;
}
