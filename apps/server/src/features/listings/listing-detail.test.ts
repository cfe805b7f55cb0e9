import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingDetailSchema } from '@accountry/shared/listing-detail';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { REVIEW_MESSAGES } from '@accountry/shared/reviews';
import { createUser, insertDeletedUser, signInAs, userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, flushViews, insertTestListing } from '../../test/listing-fixtures';
import { VIEW_DEDUPE_MS } from './listing-views';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let sellerId: string;
let seller: Session;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  sellerId = (await createUser(ctx, { role: 'seller', displayName: 'Sam Seller' })).id;
  seller = await signInAs(ctx, sellerId);
  buyer = (await userWithSession(ctx, 'buyer')).session;
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const detail = (id: string, session?: Session) =>
  ctx.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: session?.headers });
const views = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow()).viewCount;

describe('GET /api/listings/:id (account detail)', () => {
  it('needs a signed-in member', async () => {
    const { id } = await insertTestListing(ctx, sellerId);
    expect((await detail(id)).statusCode).toBe(401);
  });

  it('shows the listing with its screenshots, the seller card and no seller-only figures', async () => {
    const { id } = await insertTestListing(
      ctx,
      sellerId,
      { favoriteCount: 4, description: 'Line one\nLine two <b>not bold</b>' },
      3,
    );
    const res = await detail(id, buyer);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      isOwner: false,
      favoriteCount: null,
      hiddenReason: null,
      description: 'Line one\nLine two <b>not bold</b>',
    });
    expect(d.images.map((i: { position: number }) => i.position)).toEqual([0, 1, 2]);
    expect(d.seller).toMatchObject({
      id: sellerId,
      displayName: 'Sam Seller',
      role: 'seller',
      emailVerified: true,
      rating: { average: null, count: 0 },
      responseTimeMinutes: null,
    });
    expect(d.seller.activeListings).toBeGreaterThan(0);
    expect(d.review).toEqual({ blocker: REVIEW_MESSAGES.noOrder, mine: null });
    const own = (await detail(id, seller)).json();
    expect(own).toMatchObject({ isOwner: true, favoriteCount: 4 });
  });

  it.each([
    [
      'hidden by an admin',
      { status: 'hidden' as const, hiddenReason: 'Reported as stolen', statusBeforeHidden: 'active' },
    ],
    ['a draft', { status: 'draft' as const, publishedAt: null }],
  ])('keeps a listing %s from everyone but its seller and admins', async (_name, over) => {
    const { id } = await insertTestListing(ctx, sellerId, over);
    const other = await userWithSession(ctx, 'both');
    for (const s of [buyer, other.session]) {
      const res = await detail(id, s);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(M.notFound);
    }
    const own = await detail(id, seller);
    expect(own.statusCode).toBe(200);
    expect(own.json().hiddenReason).toBe(over.status === 'hidden' ? 'Reported as stolen' : null);
    expect((await detail(id, admin)).statusCode).toBe(200);
    // Nor can anyone else favorite, report or look for similar ones through it.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/favorites',
          headers: buyer.headers,
          payload: { listingId: id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/listings/${id}/report`,
          headers: buyer.headers,
          payload: { reason: 'scam' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/listings/${id}/similar`, headers: buyer.headers })).statusCode,
    ).toBe(404);
  });

  it('tells a member when a block stands between them and the seller, and whose it is; no one else', async () => {
    const { id } = await insertTestListing(ctx, sellerId, { negotiable: true });
    const blockedBySeller = await userWithSession(ctx, 'buyer');
    const blockingSeller = await userWithSession(ctx, 'buyer');
    const blocks = (session: Session, userId: string, method: 'POST' | 'DELETE') =>
      ctx.app.inject({
        method,
        url: method === 'POST' ? '/api/chat/blocks' : `/api/chat/blocks/${userId}`,
        headers: session.headers,
        payload: method === 'POST' ? { userId } : undefined,
      });
    const blockOf = async (session: Session) => {
      const res = await detail(id, session);
      expect(res.statusCode).toBe(200);
      return res.json().block;
    };
    const everyone = [blockedBySeller.session, blockingSeller.session, buyer, seller, admin];
    // Seen once before any block, so a kept page must not hide the blocks that follow.
    expect(await Promise.all(everyone.map(blockOf))).toEqual([null, null, null, null, null]);

    expect((await blocks(seller, blockedBySeller.user.id, 'POST')).statusCode).toBe(204);
    expect((await blocks(blockingSeller.session, sellerId, 'POST')).statusCode).toBe(204);
    expect(await Promise.all(everyone.map(blockOf))).toEqual(['seller', 'viewer', null, null, null]);
    // Both ways: the viewer's own block is the one they can lift, so it is the one they are told of.
    expect((await blocks(seller, blockingSeller.user.id, 'POST')).statusCode).toBe(204);
    expect(await blockOf(blockingSeller.session)).toBe('viewer');

    // Lifting a block shows on the very next view.
    expect((await blocks(blockingSeller.session, sellerId, 'DELETE')).statusCode).toBe(204);
    expect(await blockOf(blockingSeller.session)).toBe('seller');
    for (const member of [blockedBySeller, blockingSeller])
      expect((await blocks(seller, member.user.id, 'DELETE')).statusCode).toBe(204);
    expect(await Promise.all(everyone.map(blockOf))).toEqual([null, null, null, null, null]);
  });

  it('sends one reply whatever encoding the browser takes, each viewer’s own fields in it', async () => {
    const { id } = await insertTestListing(ctx, sellerId, { description: 'Ünïcode ✓ '.repeat(150) }, 2);
    const as = (session: Session, encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/listings/${id}`,
        headers: { ...session.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const session of [buyer, seller, buyer]) {
      const plain = await as(session);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Object.keys(plain.json()).sort()).toEqual(Object.keys(listingDetailSchema.shape).sort());
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await as(session, encoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(decode[encoding](res.rawPayload).toString())).toEqual(plain.json());
      }
    }
    // The stored part is the same for both, what differs is each viewer’s.
    expect((await as(seller)).json()).toMatchObject({ isOwner: true, favoriteCount: 0, viewCount: 1 });
    expect((await as(buyer)).json()).toMatchObject({ isOwner: false, favoriteCount: null, viewCount: 1 });
  });

  it('lets admins open a deleted member’s hidden listing, and no one else', async () => {
    const gone = await createUser(ctx, { role: 'seller' });
    const { id } = await insertTestListing(ctx, gone.id, {
      status: 'hidden',
      hiddenReason: 'Account deleted',
      statusBeforeHidden: 'active',
    });
    await insertDeletedUser(ctx.db, gone);
    expect((await detail(id, buyer)).statusCode).toBe(404);
    const res = await detail(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().seller.id).toBe(gone.id);
  });

  it('shows sold and reserved listings, marked so', async () => {
    const sold = await insertTestListing(ctx, sellerId, { status: 'sold', soldAt: ctx.clock.now() });
    expect((await detail(sold.id, buyer)).json()).toMatchObject({ status: 'sold', soldAt: ctx.clock.now() });
    const reserved = await insertTestListing(ctx, sellerId, { status: 'reserved' });
    expect((await detail(reserved.id, buyer)).json().status).toBe('reserved');
  });

  it('counts a view once per member in a while, never the seller’s own', async () => {
    const { id } = await insertTestListing(ctx, sellerId);
    const first = await detail(id, buyer);
    expect(first.json().viewCount).toBe(1);
    await detail(id, buyer);
    await detail(id, seller);
    await detail(id, admin);
    await detail(id, (await userWithSession(ctx, 'both')).session);
    await flushViews(ctx);
    expect(await views(id)).toBe(2);
    ctx.clock.advance(VIEW_DEDUPE_MS + 1);
    await detail(id, buyer);
    await flushViews(ctx);
    expect(await views(id)).toBe(3);
  });
});

describe('similar listings', () => {
  it('offers live listings of the same platform first, then the same category', async () => {
    const base = await insertTestListing(ctx, sellerId, {
      category: 'streaming',
      platform: 'netflix',
      level: 'Premium',
    });
    const sameCategory = await insertTestListing(ctx, sellerId, {
      category: 'streaming',
      platform: 'spotify',
      level: null,
    });
    const samePlatform = await insertTestListing(ctx, sellerId, {
      category: 'streaming',
      platform: 'netflix',
      level: null,
    });
    await insertTestListing(ctx, sellerId, { category: 'streaming', platform: 'netflix', status: 'hidden' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/listings/${base.id}/similar`,
      headers: buyer.headers,
    });
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([samePlatform.id, sameCategory.id]);
  });
});

describe('POST /api/listings/:id/report', () => {
  it('files one open report per member for the moderators', async () => {
    const { id } = await insertTestListing(ctx, sellerId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/report`,
      headers: buyer.headers,
      payload: { reason: 'misleading', message: 'The rank shown is not the real one.' },
    });
    expect(res.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      targetType: 'listing',
      targetId: id,
      reason: 'misleading',
      message: 'The rank shown is not the real one.',
      status: 'open',
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/report`,
      headers: buyer.headers,
      payload: { reason: 'scam' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.reportDuplicate);
  });

  it('files one open report when the same member sends it several times at once', async () => {
    // Rounds of parallel requests, each by a new member on a new listing (10 reports a member per 10 minutes).
    for (let round = 0; round < 5; round++) {
      const { id } = await insertTestListing(ctx, sellerId);
      const reporter = (await userWithSession(ctx, 'buyer')).session;
      const answers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: `/api/listings/${id}/report`,
            headers: reporter.headers,
            payload: { reason: 'scam', message: 'Sold twice.' },
          });
          return { status: res.statusCode, message: res.json().error?.message };
        }),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201)).toEqual(
        Array(5).fill({ status: 409, message: 'You have already reported this listing. Our team is looking into it.' }),
      );
      const rows = await ctx.db.selectFrom('reports').select('status').where('targetId', '=', id).execute();
      expect(rows).toEqual([{ status: 'open' }]);
    }
  });

  it('refuses reports of one’s own listing and without a reason', async () => {
    const { id } = await insertTestListing(ctx, sellerId);
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/report`,
      headers: seller.headers,
      payload: { reason: 'scam' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(M.reportOwn);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/report`,
      headers: buyer.headers,
      payload: { message: 'x' },
    });
    expect(bad.json().error.fields.reason).toBe(M.reportReason);
  });
});
