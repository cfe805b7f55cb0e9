import { randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';

const id = () => randomBytes(16).toString('base64url');

/**
 * A card order its buyer canceled after paying through the Checkout Session `sessionId`, whose refund Stripe refused
 * for good (decision 095), straight in a journey server's database. The order's ledger postings are left out: settling
 * posts only between the platform's outside accounts.
 */
export function insertRefusedRefund(
  db: SQLite.Database,
  order: { listingId: string; buyerId: string; sellerId: string; priceCents: number; sessionId: string },
) {
  const orderId = id();
  const stripeError = `Charge for PaymentIntent pi_test_${id()} cannot be refunded.`;
  const now = Date.now();
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, refunded_cents, status, provider,
       provider_ref, delivery_time, protection_days, created_at, updated_at, paid_at, completed_at)
     values (?, ?, ?, ?, ?, 'USD', 0, 'canceled', 'stripe', ?, 'instant', 5, ?, ?, ?, ?)`,
  ).run(orderId, order.listingId, order.buyerId, order.sellerId, order.priceCents, order.sessionId, now, now, now, now);
  db.prepare(
    `insert into stripe_refunds (idempotency_key, order_id, session_id, amount_cents, status, attempts, last_error,
       created_at, next_attempt_at)
     values (?, ?, ?, ?, 'refused', 1, ?, ?, ?)`,
  ).run(`${orderId}:refund:${order.priceCents}`, orderId, order.sessionId, order.priceCents, stripeError, now, now);
  return { orderId, stripeError };
}
