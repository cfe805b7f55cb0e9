import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/**
 * A card-paid order the buyer is checking, on hold for a chargeback the bank has open (decision 183), straight in the
 * journey database: the journeys run without Stripe, whose webhooks the integration tests cover.
 */
export function insertHeldOrder(
  listingId: string,
  buyerId: string,
  sellerId: string,
  priceCents: number,
  // What the bank disputes (part of the price for a partial chargeback) and Stripe's fee for it.
  dispute: { amountCents: number; feeCents: number } = { amountCents: priceCents, feeCents: 0 },
) {
  const db = openE2eDb();
  const orderId = id();
  const now = Date.now();
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, refunded_cents, status, provider,
       provider_ref, delivery_time, protection_days, created_at, updated_at, paid_at, delivered_at, due_at, due_action,
       chargeback_hold_since)
     values (?, ?, ?, ?, ?, 'USD', 0, 'delivered', 'stripe', ?, 'instant', 5, ?, ?, ?, ?, ?, 'auto_confirm', ?)`,
  ).run(
    orderId,
    listingId,
    buyerId,
    sellerId,
    priceCents,
    `cs_test_${id()}`,
    now,
    now,
    now,
    now,
    now + 72 * 3.6e6,
    now,
  );
  db.prepare(
    `insert into chargebacks (id, order_id, amount_cents, reason, status, order_status_at_open, opened_at, fee_cents)
     values (?, ?, ?, 'product_not_received', 'open', 'delivered', ?, ?)`,
  ).run(`dp_test_${id()}`, orderId, dispute.amountCents, now, dispute.feeCents);
  db.prepare(
    `insert into order_history (id, order_id, seq, from_status, to_status, actor_kind, actor_id, reason, created_at, event)
     values (?, ?, 1, 'delivered', 'delivered', 'provider', null, ?, ?, 'chargeback_opened')`,
  ).run(
    id(),
    orderId,
    `The buyer's bank disputes $${(dispute.amountCents / 100).toFixed(2)} of the payment: the cardholder says the account never arrived.`,
    now,
  );
  db.close();
  return orderId;
}

/**
 * The bank opens a chargeback on a delivered order, as the webhook holds it (decision 183); the order made a card
 * order, as only those have one, after the journey paid it from the balance.
 */
export function holdForChargeback(orderId: string, amountCents: number) {
  const db = openE2eDb();
  const now = Date.now();
  db.prepare(`update orders set chargeback_hold_since = ?, provider = 'stripe', provider_ref = ? where id = ?`).run(
    now,
    `cs_test_${id()}`,
    orderId,
  );
  db.prepare(
    `insert into chargebacks (id, order_id, amount_cents, reason, status, order_status_at_open, opened_at, fee_cents)
     values (?, ?, ?, 'product_not_received', 'open', 'delivered', ?, 0)`,
  ).run(`dp_test_${id()}`, orderId, amountCents, now);
  db.close();
}

interface SettledCardOrder {
  listingId: string;
  buyerId: string;
  sellerId: string;
  priceCents: number;
  /** What an admin's decision refunded the buyer: the order is then `refunded`, else `completed`. */
  refundedCents?: number;
}

/** A card order settled (its seller paid what was not refunded, less the 5% fee) and the chargeback on it after. */
function insertSettledCardOrder(
  db: ReturnType<typeof openE2eDb>,
  order: SettledCardOrder,
  chargeback: { status: 'open' | 'lost'; amountCents: number },
) {
  const orderId = id();
  const now = Date.now();
  const refunded = order.refundedCents ?? 0;
  const decision = refunded > 0 ? ['partial_refund', 'Half the items were missing.', now] : [null, null, null];
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, refunded_cents, fee_cents, status,
       provider, provider_ref, delivery_time, protection_days, created_at, updated_at, paid_at, delivered_at,
       completed_at, decision_outcome, decision_reason, decided_at)
     values (?, ?, ?, ?, ?, 'USD', ?, ?, ?, 'stripe', ?, 'instant', 5, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    orderId,
    order.listingId,
    order.buyerId,
    order.sellerId,
    order.priceCents,
    refunded,
    Math.round((order.priceCents - refunded) * 0.05),
    refunded > 0 ? 'refunded' : 'completed',
    `cs_test_${id()}`,
    now,
    now,
    now,
    now,
    now,
    ...decision,
  );
  const disputeId = `dp_test_${id()}`;
  db.prepare(
    `insert into chargebacks (id, order_id, amount_cents, reason, status, order_status_at_open, opened_at, closed_at,
       withdrawn_cents)
     values (?, ?, ?, 'fraudulent', ?, ?, ?, ?, ?)`,
  ).run(
    disputeId,
    orderId,
    chargeback.amountCents,
    chargeback.status,
    refunded > 0 ? 'refunded' : 'completed',
    now,
    chargeback.status === 'open' ? null : now,
    chargeback.amountCents,
  );
  bookWithdrawal(db, orderId, disputeId, chargeback.amountCents, now);
  return orderId;
}

/**
 * A card order an admin refunded in part (the seller paid the rest), whose buyer's bank then took `bankCents` back
 * and decided for the buyer: settled before the chargeback, so only recorded, and what the bank took booked as owed
 * to the platform, `chargeback_receivable → stripe_clearing`, as the webhook books it (decision 183).
 */
export function insertChargebackAfterPartialRefund(
  listingId: string,
  buyerId: string,
  sellerId: string,
  priceCents: number,
  refundedCents: number,
  bankCents: number,
) {
  const db = openE2eDb();
  const order = { listingId, buyerId, sellerId, priceCents, refundedCents };
  const orderId = insertSettledCardOrder(db, order, { status: 'lost', amountCents: bankCents });
  db.close();
  return orderId;
}

/**
 * A card order completed (its seller paid) whose buyer's bank then opened a chargeback of the whole price: settled
 * before it, so only recorded, and what Stripe took booked as owed to the platform, as the webhook books it (decision
 * 183). The seller's balance is the journey's to credit.
 */
export function insertChargebackOnCompletedOrder(
  listingId: string,
  buyerId: string,
  sellerId: string,
  priceCents: number,
) {
  const db = openE2eDb();
  const order = { listingId, buyerId, sellerId, priceCents };
  const orderId = insertSettledCardOrder(db, order, { status: 'open', amountCents: priceCents });
  db.close();
  return orderId;
}

/** One balanced ledger transaction moving what the bank took from the receivable to the card money at Stripe. */
function bookWithdrawal(
  db: ReturnType<typeof openE2eDb>,
  orderId: string,
  disputeId: string,
  cents: number,
  now: number,
) {
  const transactionId = id();
  const entries = [
    ['chargeback_receivable', -cents],
    ['stripe_clearing', cents],
  ] as const;
  for (const [account, delta] of entries)
    db.prepare(
      `insert into ledger_accounts (id, user_id, kind, balance_cents, updated_at) values (?, null, 'external', ?, ?)
       on conflict (id) do update set balance_cents = balance_cents + excluded.balance_cents`,
    ).run(account, delta, now);
  db.prepare(
    `insert into ledger_transactions (id, kind, order_id, payout_id, actor_id, memo, created_at)
     values (?, 'chargeback_withdrawal', ?, null, null, ?, ?)`,
  ).run(transactionId, orderId, `Dispute ${disputeId}`, now);
  for (const [account, delta] of entries)
    db.prepare(
      'insert into ledger_entries (id, transaction_id, account_id, amount_cents, created_at) values (?, ?, ?, ?, ?)',
    ).run(id(), transactionId, account, delta, now);
}
