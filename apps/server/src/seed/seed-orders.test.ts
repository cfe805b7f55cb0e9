import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATES } from '@accountry/shared/order-state';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { CredentialsCipher } from '../lib/credentials-cipher';
import { availableAccount, balanceOf, checkLedger } from '../lib/ledger';
import { seedUsers, type SeededUsers } from './seed-users';
import { seedListings } from './seed-listings';
import { seedFavoritesReviews } from './seed-favorites-reviews';
import { seedOrders } from './seed-orders';
import { seedOffers } from './seed-offers';

let handle: DatabaseHandle;
let users: SeededUsers;
const cipher = new CredentialsCipher(Buffer.alloc(32, 7));
beforeAll(async () => {
  handle = await createTestDatabase();
  const clock = new ManualClock();
  await handle.db.transaction().execute(async (db) => {
    users = await seedUsers(db, clock);
    const ctx = { db, clock, users, log: () => undefined };
    await seedListings(ctx);
    await seedFavoritesReviews(ctx);
    await seedOrders(ctx, cipher);
    await seedOffers(ctx);
  });
});
afterAll(() => handle.close());

describe('demo orders', () => {
  it('has orders in every state, one open dispute, funded buyers, a pending payout and a healthy ledger', async () => {
    const db = handle.db;
    const states = await db.selectFrom('orders').select('status').distinct().execute();
    expect(states.map((s) => s.status).sort()).toEqual([...ORDER_STATES].sort());
    const disputes = await db.selectFrom('orders').select('id').where('status', '=', 'disputed').execute();
    expect(disputes).toHaveLength(1);
    expect(await balanceOf(db, availableAccount(users.buyer))).toBeGreaterThan(0);
    expect(await db.selectFrom('payouts').select('id').where('status', '=', 'open').execute()).toHaveLength(1);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('backs every demo review with a completed order of its buyer', async () => {
    const orphans = await handle.db
      .selectFrom('reviews as r')
      .leftJoin('orders as o', 'o.id', 'r.orderId')
      .select(['r.id', 'o.status', 'o.buyerId', 'r.buyerId as reviewer'])
      .execute();
    expect(orphans.length).toBeGreaterThan(0);
    for (const r of orphans) expect([r.status, r.buyerId]).toEqual(['completed', r.reviewer]);
  });

  it('gives every demo order delivered or later sealed credentials for its panel, and none before delivery', async () => {
    const orders = await handle.db
      .selectFrom('orders')
      .select(['id', 'status', 'deliveredAt', 'credentialsCipher', 'credentialsErasedAt'])
      .execute();
    const delivered = orders.filter((o) => o.deliveredAt !== null && o.credentialsErasedAt === null);
    expect(new Set(delivered.map((o) => o.status))).toEqual(
      new Set(['delivered', 'protection', 'disputed', 'completed', 'refunded']),
    );
    for (const o of delivered) {
      expect(o.credentialsCipher).toMatch(/^v1\./);
      expect(cipher.open(o.credentialsCipher!, o.id)).toMatchObject({ login: expect.stringMatching(/^demo_account_/) });
    }
    for (const o of orders.filter((o) => o.deliveredAt === null)) expect(o.credentialsCipher).toBeNull();
    // Past the 30-day retention (old reviewed orders) they are erased, as the sweep would have done.
    for (const o of orders.filter((o) => o.credentialsErasedAt !== null)) expect(o.credentialsCipher).toBeNull();
  });

  it('has an offer waiting for the demo seller, and one accepted and one declined for the demo buyer', async () => {
    const offers = await handle.db
      .selectFrom('offers')
      .select(['buyerId', 'sellerId', 'status', 'amountCents', 'listingPriceCents'])
      .execute();
    expect(offers.map((o) => [o.status, o.buyerId === users.buyer]).sort()).toEqual(
      [
        ['accepted', true],
        ['declined', true],
        ['pending', false],
      ].sort(),
    );
    for (const o of offers) {
      expect(o.sellerId).toBe(users.seller);
      expect(o.amountCents).toBeLessThan(o.listingPriceCents);
    }
  });
});
