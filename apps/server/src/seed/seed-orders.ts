import { DUE_RULES, platformFeeCents, type OrderState } from '@accountry/shared/order-state';
import type { DeliveryTime } from '@accountry/shared/listings';
import type { Database } from '../db/database';
import type { OrdersTable } from '../db/schema';
import type { CredentialsCipher } from '../lib/credentials-cipher';
import { newId } from '../lib/ids';
import { ESCROW, EXTERNAL, PLATFORM_FEE, availableAccount, heldAccount, postLedger, type Move } from '../lib/ledger';
import type { SeedContext } from './seed-demo-data';
import { payoutSummary } from '@accountry/shared/payout-methods';
import { sealPayoutDetails } from '../features/orders/payout-methods.service';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

const FEE_PERCENT = 5;
const DEMO_FUNDS = 200_000;

/** The states each order passed through to reach its state, for its history. */
const PATHS: Record<OrderState, OrderState[]> = {
  pending_payment: ['pending_payment'],
  paid: ['pending_payment', 'paid'],
  delivered: ['pending_payment', 'paid', 'delivered'],
  protection: ['pending_payment', 'paid', 'delivered', 'protection'],
  disputed: ['pending_payment', 'paid', 'delivered', 'disputed'],
  completed: ['pending_payment', 'paid', 'delivered', 'protection', 'completed'],
  canceled: ['pending_payment', 'paid', 'canceled'],
  expired: ['pending_payment', 'expired'],
  refunded: ['pending_payment', 'paid', 'delivered', 'disputed', 'refunded'],
};

interface DemoOrder {
  listing: { id: string; sellerId: string; priceCents: number; deliveryTime: string; protectionDays?: number };
  buyerId: string;
  state: OrderState;
  /** When the last move happened. */
  at: number;
}

/** What a demo seller hands over: plainly made-up values, sealed like real ones. */
function demoCredentials(n: string) {
  return {
    login: `demo_account_${n}`,
    password: `demo-password-${n}`,
    emailAccess: '',
    recoveryCodes: '',
    notes: 'Demo data: this account does not exist.',
  };
}

/** Insert an order with its history and the ledger movements its state implies (buyers pay from their balance). */
async function insertDemoOrder(db: Database, o: DemoOrder, now: number, cipher: CredentialsCipher) {
  const { listing, buyerId, state, at } = o;
  const path = PATHS[state];
  const step = 2 * HOUR_MS;
  const start = at - (path.length - 1) * step;
  const when = (s: OrderState) => (path.includes(s) ? start + path.indexOf(s) * step : null);
  const price = listing.priceCents;
  const fee = state === 'completed' ? platformFeeCents(price, FEE_PERCENT) : null;
  const rule = DUE_RULES[state];
  const protectionDays = listing.protectionDays ?? 14;
  const dueAt = rule
    ? at +
      rule.after({ deliveryTime: listing.deliveryTime as DeliveryTime, protectionDays }) -
      (state === 'pending_payment' ? 5 * MINUTE_MS : 0)
    : null;
  const final = state === 'completed' || state === 'refunded';
  const row: OrdersTable = {
    id: newId(),
    listingId: listing.id,
    buyerId,
    sellerId: listing.sellerId,
    priceCents: price,
    currency: 'USD',
    feeCents: fee,
    refundedCents: state === 'refunded' ? price : 0,
    status: state,
    provider: 'balance',
    providerRef: null,
    checkoutExpiryOwedAt: null,
    deliveryTime: listing.deliveryTime,
    protectionDays,
    conversationId: null,
    createdAt: start,
    updatedAt: at,
    paidAt: when('paid'),
    deliveredAt: when('delivered'),
    protectionStartedAt: when('protection'),
    completedAt: final ? at : null,
    dueAt: state === 'pending_payment' ? Math.max(dueAt ?? now, now + 10 * MINUTE_MS) : dueAt,
    dueAction: rule?.action ?? null,
    reminderAt: null,
    disputeReason: path.includes('disputed')
      ? 'The original owner recovered the account two days after delivery.'
      : null,
    disputeOpenedAt: when('disputed'),
    sellerAnswerDueAt: path.includes('disputed') ? when('disputed')! + DAY_MS : null,
    pausedRemainingMs: path.includes('disputed') ? protectionDays * DAY_MS : null,
    decisionOutcome: state === 'refunded' ? 'refund' : null,
    decisionReason: state === 'refunded' ? 'The seller could not show the account was handed over intact.' : null,
    decidedBy: null,
    decidedAt: state === 'refunded' ? at : null,
    credentialsCipher: null,
    credentialsEraseAt: final ? at + 30 * DAY_MS : null,
    credentialsErasedAt: null,
    credentialsRevealedAt: null,
    credentialsCorrections: 0,
    chargebackHoldSince: null,
  };
  if (state === 'pending_payment') row.dueAt = now + 10 * MINUTE_MS;
  // Delivered or later: the credentials panel has something to reveal, until the retention ends as the sweep would.
  if (row.deliveredAt !== null) {
    if (row.credentialsEraseAt !== null && row.credentialsEraseAt <= now)
      Object.assign(row, { credentialsErasedAt: row.credentialsEraseAt, credentialsEraseAt: null });
    else row.credentialsCipher = cipher.seal(demoCredentials(row.id.slice(-6).toLowerCase()), row.id);
  }
  await db.insertInto('orders').values(row).execute();
  await db
    .insertInto('orderHistory')
    .values(
      path.map((to, i) => ({
        id: newId(),
        orderId: row.id,
        seq: i + 1,
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus: to,
        actorKind:
          to === 'paid' || to === 'pending_payment' || to === 'disputed' || to === 'canceled'
            ? 'buyer'
            : to === 'delivered'
              ? 'seller'
              : to === 'refunded'
                ? 'admin'
                : 'system',
        actorId:
          to === 'delivered'
            ? listing.sellerId
            : ['paid', 'pending_payment', 'disputed', 'canceled'].includes(to)
              ? buyerId
              : null,
        reason: '',
        createdAt: start + i * step,
      })) as never,
    )
    .execute();
  if (row.paidAt === null) return row;
  const post = (kind: 'order_payment' | 'order_refund' | 'order_release', moves: Move[]) =>
    postLedger(db, { kind, orderId: row.id, moves: moves.filter((m) => m.amountCents > 0) }, at);
  await post('order_payment', [{ from: availableAccount(buyerId), to: ESCROW, amountCents: price }]);
  if (state === 'refunded' || state === 'canceled')
    await post('order_refund', [{ from: ESCROW, to: availableAccount(buyerId), amountCents: price }]);
  if (state === 'completed')
    await post('order_release', [
      { from: ESCROW, to: availableAccount(listing.sellerId), amountCents: price - fee! },
      { from: ESCROW, to: PLATFORM_FEE, amountCents: fee! },
    ]);
  return row;
}

/**
 * Order 35: funded demo buyers, a completed order behind every demo review (decision 081), orders of the demo
 * buyers in every state with one open dispute, and a pending payout.
 */
export async function seedOrders({ db, clock, users, log }: SeedContext, cipher: CredentialsCipher) {
  const now = clock.now();
  for (const key of ['buyer', 'buyer2', 'both'] as const)
    await postLedger(
      db,
      {
        kind: 'credit',
        memo: 'Demo funds',
        moves: [{ from: EXTERNAL, to: availableAccount(users[key]), amountCents: DEMO_FUNDS }],
      },
      now - 30 * DAY_MS,
    );

  const reviews = await db
    .selectFrom('reviews as r')
    .innerJoin('listings as l', 'l.id', 'r.listingId')
    .select([
      'r.id',
      'r.buyerId',
      'r.createdAt',
      'l.id as listingId',
      'l.sellerId',
      'l.priceCents',
      'l.deliveryTime',
      'l.protectionDays',
    ])
    .execute();
  for (const r of reviews) {
    // The reviewer needs the money they paid with; a credit records it, as a bank transfer would.
    await postLedger(
      db,
      {
        kind: 'credit',
        memo: 'Demo funds',
        moves: [{ from: EXTERNAL, to: availableAccount(r.buyerId), amountCents: r.priceCents }],
      },
      r.createdAt - 20 * HOUR_MS,
    );
    const order = await insertDemoOrder(
      db,
      { listing: { ...r, id: r.listingId }, buyerId: r.buyerId, state: 'completed', at: r.createdAt - HOUR_MS },
      now,
      cipher,
    );
    await db.updateTable('reviews').set({ orderId: order.id }).where('id', '=', r.id).execute();
  }

  const listings = await db
    .selectFrom('listings')
    .select(['id', 'sellerId', 'priceCents', 'deliveryTime', 'protectionDays'])
    .where('status', '=', 'active')
    .where('sellerId', 'in', [users.seller, users.seller2])
    .where('priceCents', '<=', 20_000)
    .orderBy('publishedAt', 'desc')
    .limit(12)
    .execute();
  const plan: Array<[OrderState, 'buyer' | 'buyer2', number]> = [
    ['pending_payment', 'buyer', 0],
    ['paid', 'buyer', 1],
    ['delivered', 'buyer', 20],
    ['protection', 'buyer2', 80],
    ['disputed', 'buyer', 40],
    ['canceled', 'buyer2', 100],
    ['expired', 'buyer', 120],
    ['refunded', 'buyer2', 150],
    ['completed', 'buyer', 300],
  ];
  for (const [i, [state, buyer, hoursAgo]] of plan.entries()) {
    const listing = listings[i];
    if (!listing) break;
    await insertDemoOrder(db, { listing, buyerId: users[buyer], state, at: now - hoursAgo * HOUR_MS }, now, cipher);
    const status =
      state === 'pending_payment' || state === 'paid'
        ? 'reserved'
        : state === 'canceled' || state === 'expired'
          ? 'active'
          : 'sold';
    await db
      .updateTable('listings')
      .set({ status, soldAt: status === 'sold' ? now - hoursAgo * HOUR_MS : null })
      .where('id', '=', listing.id)
      .execute();
  }

  const payoutId = newId();
  const sellerFunds = await db
    .selectFrom('ledgerAccounts')
    .select('balanceCents')
    .where('id', '=', availableAccount(users.seller))
    .executeTakeFirst();
  const amount = Math.min(5_000, Number(sellerFunds?.balanceCents ?? 0));
  // The demo seller's payout details (decision 173), set long enough ago for payouts.
  const details = { kind: 'iban' as const, holder: 'Demo Seller', iban: 'DE89370400440532013000' };
  const destination = {
    destination: sealPayoutDetails(cipher, users.seller, details),
    destinationSummary: payoutSummary(details),
  };
  await db
    .insertInto('payoutMethods')
    .values({
      userId: users.seller,
      kind: details.kind,
      details: destination.destination,
      summary: destination.destinationSummary,
      changedAt: now - 10 * 24 * HOUR_MS,
      payoutsFrom: now - 8 * 24 * HOUR_MS,
    })
    .execute();
  if (amount > 0) {
    await db
      .insertInto('payouts')
      .values({
        id: payoutId,
        userId: users.seller,
        amountCents: amount,
        status: 'open',
        reason: '',
        createdAt: now - 3 * HOUR_MS,
        decidedAt: null,
        decidedBy: null,
        ...destination,
      })
      .execute();
    await postLedger(
      db,
      {
        kind: 'payout_request',
        payoutId,
        actorId: users.seller,
        moves: [{ from: availableAccount(users.seller), to: heldAccount(users.seller), amountCents: amount }],
      },
      now - 3 * HOUR_MS,
    );
  }
  log(`orders: ${reviews.length + plan.length} orders, ${amount > 0 ? 1 : 0} pending payout`);
}
