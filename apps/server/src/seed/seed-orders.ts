import type { SeedContext } from './seed-demo-data';
import type { OrderState } from '@accountry/shared/order-state';
import { payoutSummary } from '@accountry/shared/payout-methods';
import { DAY_MS, HOUR_MS } from '@accountry/shared/durations';
import type { CredentialsCipher } from '../lib/credentials-cipher';
import { newId } from '../lib/ids';
import { EXTERNAL, availableAccount, heldAccount, postLedger } from '../lib/ledger';
import { sealPayoutDetails } from '../features/orders/payout-methods.service';
import { insertDemoOrder } from './seed-demo-order';

const DEMO_FUNDS = 200_000;

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
      changedAt: now - 10 * DAY_MS,
      payoutsFrom: now - 8 * DAY_MS,
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
