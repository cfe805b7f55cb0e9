import type Stripe from 'stripe';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { conflict } from '../../lib/app-error';
import type { PaymentStart } from './payment-provider';
import { stripeModule } from './stripe-client';

/** Stripe keeps a Checkout Session open at least 30 minutes; ours closes soon after the 15-minute payment window. */
const CHECKOUT_LIFETIME_MS = 45 * 60_000;

/** The parameters each key was first sent with (decision 231): a key whose answer was lost is sent again as it was. */
export interface KeptCheckoutRequests {
  firstParams(idempotencyKey: string, params: Stripe.Checkout.SessionCreateParams): Promise<typeof params>;
  /** Frees the key only if what it keeps is still `sent`. */
  forget(idempotencyKey: string, sent: Stripe.Checkout.SessionCreateParams): Promise<void>;
}

/**
 * The Checkout Session to send the buyer to (decision 217). The order's earlier session is fetched and reused while it
 * is open, whatever changed since (the buyer's address): Stripe refuses a key sent again with other parameters. A new
 * session replaces only one that expired or that Stripe no longer knows, under a key naming it, so no two different
 * requests share a key and an order has at most one session open; each key is sent only with its first parameters.
 */
export async function checkoutSessionFor(
  stripe: Stripe,
  start: PaymentStart,
  requests: KeptCheckoutRequests,
  unavailable: (err: unknown) => never,
): Promise<Stripe.Checkout.Session> {
  const { order } = start;
  const earlier = order.providerRef ? await earlierSession(stripe, order.providerRef).catch(unavailable) : null;
  if (earlier?.status === 'open') return earlier;
  // Paid, its webhook not here yet (or a delayed method under way): a second session could take the money twice.
  if (earlier?.status === 'complete') throw conflict(ORDER_MESSAGES.paymentConfirming);
  const idempotencyKey = order.providerRef ? `checkout:${order.id}:after:${order.providerRef}` : `checkout:${order.id}`;
  const params = await requests.firstParams(idempotencyKey, sessionParams(start));
  return stripe.checkout.sessions.create(params, { idempotencyKey }).catch(async (err: unknown) => {
    // Refused as invalid before anything was made: Stripe kept no answer, so the next press may send other parameters.
    if (err instanceof stripeModule().errors.StripeInvalidRequestError) await requests.forget(idempotencyKey, params);
    return unavailable(err);
  });
}

/** The order's earlier session, or null when Stripe does not know it (nothing to reuse). */
async function earlierSession(stripe: Stripe, id: string) {
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (err) {
    if (err instanceof stripeModule().errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
    throw err;
  }
}

function sessionParams({ order, buyerEmail, returnUrl }: PaymentStart): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    payment_intent_data: { metadata: { order_id: order.id } },
    customer_email: buyerEmail,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: order.priceCents,
          product_data: { name: `Accountry order ${order.id}` },
        },
      },
    ],
    success_url: returnUrl,
    cancel_url: returnUrl,
    expires_at: Math.floor((order.createdAt + CHECKOUT_LIFETIME_MS) / 1000),
  };
}
