import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { createPeerApp, createUser, signInAs, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { countingAppWithBuyer } from '../../test/statement-counter';

let ctx: TestContext;
let sellerId: string;
let buyerId: string;
let buyer: Session;
let statements: { count: number };

beforeAll(async () => {
  // Views are written by hand, never by their timer: a written view changes the page for everyone (its count), and one
  // landing between two of a test's requests emptied every member's cache (a peer app takes the same setting).
  ({ ctx, sellerId, buyerId, buyer, statements } = await countingAppWithBuyer({ LISTING_VIEW_FLUSH_MS: '0' }));
});
afterAll(() => ctx.close());

const detail = async (listingId: string, app = ctx.app, member = buyer) => {
  const before = statements.count;
  const res = await app.inject({ url: `/api/listings/${listingId}`, headers: member.headers });
  expect(res.statusCode).toBe(200);
  return { body: res.json<ListingDetail>(), statements: statements.count - before };
};

const addFavorite = async (listingId: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/favorites',
    headers: buyer.headers,
    payload: { listingId },
  });
  expect(res.statusCode).toBe(201);
};

it('answers a member coming back to a listing page without a statement', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  expect((await detail(id)).statements).toBeGreaterThan(0);
  const again = await detail(id);
  expect(again.statements).toBe(0);
  expect(again.body.isFavorite).toBe(false);
});

it('shows the member’s new favorite, order and review on the very next view', async () => {
  const { id } = await insertTestListing(ctx, sellerId, { status: 'sold' });
  const first = await detail(id);
  expect(first.body).toMatchObject({ isFavorite: false, review: { mine: null } });
  expect(first.body.review.blocker).not.toBeNull();

  await addFavorite(id);
  expect((await detail(id)).body.isFavorite).toBe(true);

  const order = await insertOrderRow(ctx, { listingId: id, buyerId, sellerId });
  expect((await detail(id)).body.review).toEqual({ blocker: null, mine: null });

  await ctx.db
    .insertInto('reviews')
    .values({
      id: `review-${id}`,
      listingId: id,
      sellerId,
      buyerId,
      rating: 4,
      comment: 'Handed over as described.',
      reply: null,
      repliedAt: null,
      createdAt: ctx.clock.now(),
      orderId: order.id,
    })
    .execute();
  expect((await detail(id)).body.review.mine).toMatchObject({ rating: 4, comment: 'Handed over as described.' });

  const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, headers: buyer.headers });
  expect(removed.statusCode).toBeLessThan(300);
  expect((await detail(id)).body.isFavorite).toBe(false);
});

it('another server process on the same database shows a favorite added here', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  const peer = await createPeerApp(ctx);
  try {
    expect((await detail(id, peer.app)).body.isFavorite).toBe(false);
    await addFavorite(id);
    // The announcement travels by NOTIFY on PostgreSQL: allow it a moment to arrive.
    await expect.poll(async () => (await detail(id, peer.app)).body.isFavorite, { timeout: 5_000 }).toBe(true);
  } finally {
    await peer.close();
  }
});

it('keeps every other member’s facts when one member changes a favorite, here and in another process', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  const other = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
  const peer = await createPeerApp(ctx);
  try {
    await detail(id, ctx.app, other);
    expect((await detail(id, peer.app)).body.isFavorite).toBe(false);
    expect((await detail(id, ctx.app, other)).statements).toBe(0);
    await addFavorite(id);
    expect((await detail(id)).body.isFavorite).toBe(true);
    // The other member's facts for the same listing are still kept: their page runs no statement.
    const others = await detail(id, ctx.app, other);
    expect(others.statements).toBe(0);
    expect(others.body.isFavorite).toBe(false);
    await expect.poll(async () => (await detail(id, peer.app)).body.isFavorite, { timeout: 5_000 }).toBe(true);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, headers: buyer.headers });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await detail(id)).body.isFavorite).toBe(false);
    expect((await detail(id, ctx.app, other)).statements).toBe(0);
    await expect.poll(async () => (await detail(id, peer.app)).body.isFavorite, { timeout: 5_000 }).toBe(false);
  } finally {
    await peer.close();
  }
});
