import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/**
 * A card order its buyer canceled after paying, whose refund Stripe refused for good (decision 095), straight in the
 * journey database: the journeys run without Stripe, whose answers the integration tests cover. The order's ledger
 * postings are left out: settling posts only between the platform's outside accounts.
 */
export function insertRefusedRefund(listingId: string, buyerId: string, sellerId: string, priceCents: number) {
  const db = openE2eDb();
  const orderId = id();
  const intent = `pi_test_${id()}`;
  const now = Date.now();
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, refunded_cents, status, provider,
       provider_ref, delivery_time, protection_days, created_at, updated_at, paid_at, completed_at)
     values (?, ?, ?, ?, ?, 'USD', 0, 'canceled', 'stripe', ?, 'instant', 5, ?, ?, ?, ?)`,
  ).run(orderId, listingId, buyerId, sellerId, priceCents, `cs_test_${id()}`, now, now, now, now);
  db.prepare(
    `insert into stripe_refunds (idempotency_key, order_id, session_id, amount_cents, status, attempts, last_error,
       created_at, next_attempt_at)
     values (?, ?, ?, ?, 'refused', 1, ?, ?, ?)`,
  ).run(
    `${orderId}:refund:${priceCents}`,
    orderId,
    `cs_test_${id()}`,
    priceCents,
    `Charge for PaymentIntent ${intent} cannot be refunded.`,
    now,
    now,
  );
  db.close();
  return { orderId, stripeError: `Charge for PaymentIntent ${intent} cannot be refunded.` };
}
