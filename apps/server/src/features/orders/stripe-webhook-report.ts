import type Stripe from 'stripe';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { badRequest } from '../../lib/app-error';
import type { ChargebackFee, ChargebackFunds, WebhookReport } from './payment-provider';
import { STRIPE_MESSAGES } from './stripe-messages';
import { isFailedRefundStatus } from './refund-failure-text';

/**
 * What a verified Stripe event reports: a Checkout Session paid (decision 095), a chargeback opened or decided
 * (decision 183), a refund that failed (decision 234), or nothing we act on (null). `unavailable` turns a failed
 * look-up into the caller's 503.
 */
export async function paymentOrChargeback(
  stripe: Stripe,
  event: Stripe.Event,
  unavailable: (err: unknown) => never,
): Promise<WebhookReport | null> {
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed')
    return chargeback(stripe, event.data.object, event.type === 'charge.dispute.created', unavailable);
  // `refund.failed` on newer API versions; every version tells of the change by the other two.
  if (event.type === 'refund.failed' || event.type === 'refund.updated' || event.type === 'charge.refund.updated')
    return refundFailure(event.data.object);
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return null;
  const session = event.data.object;
  // A delayed method (bank debit) completes the session unpaid; its async_payment_succeeded event pays it later.
  if (session.payment_status !== 'paid') return null;
  const orderId = session.client_reference_id ?? session.metadata?.order_id;
  if (!orderId) throw badRequest(ORDER_MESSAGES.unknownPayment);
  if (session.currency !== 'usd' || session.amount_total === null) throw badRequest(STRIPE_MESSAGES.amountMismatch);
  return { kind: 'payment', orderId, providerRef: session.id, amountCents: session.amount_total };
}

/** A refund that failed or was canceled names our order and key in its metadata; any other change is none of ours. */
function refundFailure(refund: Stripe.Refund): WebhookReport | null {
  if (!isFailedRefundStatus(refund.status)) return null;
  const orderId = refund.metadata?.order_id;
  const refundKey = refund.metadata?.refund_key;
  if (!orderId || !refundKey) throw badRequest(ORDER_MESSAGES.unknownPayment);
  const failureReason = refund.failure_reason ?? null;
  return {
    kind: 'refund_failed',
    orderId,
    refundKey,
    providerRefundId: refund.id,
    status: refund.status,
    failureReason,
  };
}

/** A dispute names its PaymentIntent; the Checkout Session that made it names the order. */
async function chargeback(
  stripe: Stripe,
  dispute: Stripe.Dispute,
  opened: boolean,
  unavailable: (err: unknown) => never,
): Promise<WebhookReport> {
  const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intent) throw badRequest(ORDER_MESSAGES.unknownPayment);
  const sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 }).catch(unavailable);
  const session = sessions.data[0];
  const orderId = session?.client_reference_id ?? session?.metadata?.order_id;
  if (!session || !orderId) throw badRequest(ORDER_MESSAGES.unknownPayment);
  // A closed dispute the bank did not decide for the buyer ("won", "warning_closed") frees the order.
  const status = opened ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
  // Stripe's code ("product_not_received"), put in words where it is shown.
  const reason = dispute.reason;
  return {
    kind: 'chargeback',
    id: dispute.id,
    orderId,
    providerRef: session.id,
    amountCents: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason,
    status,
    fee: disputeFee(dispute),
    funds: disputeFunds(dispute),
  };
}

/**
 * Stripe's fee for a dispute, from its balance transactions: the withdrawal carries the fee, a reinstatement (a
 * decision for the seller) a negative fee when Stripe gives it back. Only fees in the ledger's currency are booked.
 */
export function disputeFee(dispute: Stripe.Dispute): ChargebackFee {
  const fees = (dispute.balance_transactions ?? []).filter((t) => t.currency === 'usd').map((t) => t.fee);
  return {
    chargedCents: fees.filter((f) => f > 0).reduce((a, f) => a + f, 0),
    returnedCents: fees.filter((f) => f < 0).reduce((a, f) => a - f, 0),
  };
}

/**
 * What a dispute took from the account's balance and gave back, from its balance transactions: the withdrawal's
 * amount is negative, a reinstatement's (the bank decided for the seller) positive; the fee is apart. In the ledger's
 * currency only, as the fee.
 */
export function disputeFunds(dispute: Stripe.Dispute): ChargebackFunds {
  const amounts = (dispute.balance_transactions ?? []).filter((t) => t.currency === 'usd').map((t) => t.amount);
  return {
    withdrawnCents: amounts.filter((a) => a < 0).reduce((sum, a) => sum - a, 0),
    reinstatedCents: amounts.filter((a) => a > 0).reduce((sum, a) => sum + a, 0),
  };
}

/** Where a dispute stands: open until the bank decides; "warning_closed" (an inquiry closed without taking the money) is as good as won. */
export function chargebackStatusOf(dispute: Stripe.Dispute): 'open' | 'won' | 'lost' {
  if (dispute.status === 'lost') return 'lost';
  return dispute.status === 'won' || dispute.status === 'warning_closed' ? 'won' : 'open';
}
