import type Stripe from 'stripe';
import type { PaymentDispute } from './payment-provider';
import { chargebackStatusOf } from './stripe-webhook-report';

/**
 * The disputes of the payment a Checkout Session made, as Stripe has them now (decision 234), every page of them; none
 * for a session never paid.
 */
export async function disputesOfPayment(stripe: Stripe, sessionId: string): Promise<PaymentDispute[]> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) return [];
  const disputes: PaymentDispute[] = [];
  for await (const dispute of stripe.disputes.list({ payment_intent: intent, limit: 100 }))
    disputes.push({ id: dispute.id, status: chargebackStatusOf(dispute) });
  return disputes;
}
