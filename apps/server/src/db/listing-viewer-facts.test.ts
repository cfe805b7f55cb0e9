import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../test/test-app';
import { insertOrderRow } from '../test/order-fixtures';
import { createTestAppWithUploads, insertTestListing } from '../test/listing-fixtures';
import { listingViewerFacts, listingViewerFactsOfPairs, readViewerFacts } from './listing-viewer-facts';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

it("answers a member's favorite, review and latest order for one listing, and nothing of anyone else's", async () => {
  const seller = await createUser(ctx, { role: 'seller' });
  const buyer = await createUser(ctx, { role: 'buyer' });
  const other = await createUser(ctx, { role: 'buyer' });
  const listing = await insertTestListing(ctx, seller.id, { status: 'sold' });
  const elsewhere = await insertTestListing(ctx, seller.id);
  const now = ctx.clock.now();
  const parties = { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id };
  await insertOrderRow(ctx, { ...parties, status: 'refunded', refundedCents: 10_000, createdAt: now - 2_000 });
  const latest = await insertOrderRow(ctx, {
    ...parties,
    status: 'completed',
    completedAt: now,
    createdAt: now - 1_000,
  });
  await insertOrderRow(ctx, { listingId: elsewhere.id, buyerId: buyer.id, sellerId: seller.id, createdAt: now });
  await ctx.db.insertInto('favorites').values({ userId: buyer.id, listingId: listing.id, createdAt: now }).execute();
  await ctx.db.insertInto('favorites').values({ userId: other.id, listingId: elsewhere.id, createdAt: now }).execute();
  await ctx.db
    .insertInto('reviews')
    .values({
      id: 'review-of-buyer',
      ...parties,
      rating: 5,
      comment: 'As described.',
      createdAt: now,
      orderId: latest.id,
    })
    .execute();

  const asked = (viewerId: string) => ({ listingId: listing.id, viewerId, sellerId: seller.id });
  expect(await listingViewerFacts(ctx.db, asked(buyer.id))).toEqual({
    favorite: true,
    reviewId: 'review-of-buyer',
    block: null,
    latestOrder: { id: latest.id, status: 'completed', refundedCents: 0, completedAt: now, chargedBack: false },
  });
  const none = { favorite: false, reviewId: null, block: null, latestOrder: null };
  expect(await listingViewerFacts(ctx.db, asked(other.id))).toEqual(none);
  expect(await listingViewerFacts(ctx.db, asked('no-such-member'))).toEqual(none);
});

it('answers lookups asked together each with its own member’s facts, as one statement on PostgreSQL', async () => {
  const seller = await createUser(ctx, { role: 'seller' });
  const buyers = [await createUser(ctx, { role: 'buyer' }), await createUser(ctx, { role: 'buyer' })];
  const listings = [await insertTestListing(ctx, seller.id), await insertTestListing(ctx, seller.id)];
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('favorites')
    .values({ userId: buyers[0].id, listingId: listings[1].id, createdAt: now })
    .execute();
  await insertOrderRow(ctx, { listingId: listings[0].id, buyerId: buyers[1].id, sellerId: seller.id, createdAt: now });
  // The first buyer blocked the seller, and the seller the second buyer.
  await ctx.db
    .insertInto('userBlocks')
    .values([
      { blockerId: buyers[0].id, blockedId: seller.id, createdAt: now },
      { blockerId: seller.id, blockedId: buyers[1].id, createdAt: now },
    ])
    .execute();
  const asked = [...buyers.map((b) => b.id), 'no-such-member', buyers[0].id].flatMap((viewerId) =>
    listings.map((l) => ({ listingId: l.id, viewerId, sellerId: seller.id })),
  );
  const oneByOne = [];
  for (const a of asked) oneByOne.push(await listingViewerFacts(ctx.db, a));
  expect(oneByOne.filter((f) => f.favorite)).toHaveLength(2);
  expect(oneByOne.filter((f) => f.latestOrder)).toHaveLength(1);
  expect(oneByOne.map((f) => f.block)).toEqual([
    'viewer',
    'viewer',
    'seller',
    'seller',
    null,
    null,
    'viewer',
    'viewer',
  ]);
  expect(await Promise.all(asked.map((a) => readViewerFacts(ctx.handle, a)))).toEqual(oneByOne);
  if (ctx.handle.engine === 'postgres') expect(await listingViewerFactsOfPairs(ctx.db, asked)).toEqual(oneByOne);
});

it('takes the later of two orders made in the same millisecond, once, alone, asked together and in one batch', async () => {
  const seller = await createUser(ctx, { role: 'seller' });
  const buyer = await createUser(ctx, { role: 'buyer' });
  const listing = await insertTestListing(ctx, seller.id);
  const parties = { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, createdAt: ctx.clock.now() };
  const ids = [(await insertOrderRow(ctx, parties)).id, (await insertOrderRow(ctx, parties)).id].sort();
  const pair = { listingId: listing.id, viewerId: buyer.id, sellerId: seller.id };
  expect((await listingViewerFacts(ctx.db, pair)).latestOrder?.id).toBe(ids[1]);
  const [alone, beside] = await Promise.all([readViewerFacts(ctx.handle, pair), readViewerFacts(ctx.handle, pair)]);
  expect([alone.latestOrder?.id, beside.latestOrder?.id]).toEqual([ids[1], ids[1]]);
  if (ctx.handle.engine === 'postgres') {
    const batch = await listingViewerFactsOfPairs(ctx.db, [pair, pair]);
    expect(batch.map((f) => f.latestOrder?.id)).toEqual([ids[1], ids[1]]);
  }
});
