import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/**
 * A card order paid through its Checkout Session, paid again through a second one whose payment was refunded at once
 * (decision 095), and the buyer's bank's dispute of that second payment (decision 244), straight in the journey
 * database: the journeys run without Stripe, whose webhooks the integration tests cover. The ledger's postings are
 * left out: the page only shows what the dispute's row says.
 */
export function insertRefundedPaymentDispute(
  order: { listingId: string; buyerId: string; sellerId: string; priceCents: number },
  dispute: { status: 'open' | 'won' | 'lost'; reason: string; feeCents: number; openedAt: number; closedAt?: number },
) {
  const db = openE2eDb();
  const orderId = id();
  const secondSession = `cs_test_${id()}`;
  const now = Date.now();
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, refunded_cents, status, provider,
       provider_ref, delivery_time, protection_days, created_at, updated_at, paid_at, due_at, due_action)
     values (?, ?, ?, ?, ?, 'USD', 0, 'paid', 'stripe', ?, 'instant', 5, ?, ?, ?, ?, 'auto_cancel')`,
  ).run(
    orderId,
    order.listingId,
    order.buyerId,
    order.sellerId,
    order.priceCents,
    `cs_test_${id()}`,
    now,
    now,
    now,
    now + 24 * 3.6e6,
  );
  db.prepare(
    `insert into stripe_refunds (idempotency_key, order_id, session_id, amount_cents, status, attempts, created_at,
       sent_at, next_attempt_at)
     values (?, ?, ?, ?, 'sent', 1, ?, ?, ?)`,
  ).run(`${orderId}:unpayable:${secondSession}`, orderId, secondSession, order.priceCents, now, now, now);
  const disputeId = `dp_test_${id()}`;
  const decided = dispute.status !== 'open';
  db.prepare(
    `insert into refunded_payment_disputes (id, order_id, payment_ref, amount_cents, currency, reason, status,
       opened_at, closed_at, fee_cents, fee_returned_cents, withdrawn_cents, reinstated_cents)
     values (?, ?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    disputeId,
    orderId,
    secondSession,
    order.priceCents,
    dispute.reason,
    dispute.status,
    dispute.openedAt,
    decided ? (dispute.closedAt ?? now) : null,
    dispute.feeCents,
    dispute.status === 'won' ? dispute.feeCents : 0,
    order.priceCents,
    dispute.status === 'won' ? order.priceCents : 0,
  );
  db.close();
  return { orderId, disputeId, secondSession };
}
