import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResponse } from '@accountry/shared/listing-browse';
import { createPeerApp, createUser, signInAs, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing, listingInput } from '../../test/listing-fixtures';
import { createCountingTestApp } from '../../test/statement-counter';
import { viewCounterFor } from './listing-views';
import { setTimeout as sleep } from 'node:timers/promises';

let statements: { count: number };
let ctx: TestContext;
let seller: { id: string; session: Session };
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  // Views are written when a test flushes them: a timed flush landing mid-test would empty the cache it measures.
  ({ ctx, statements } = await createCountingTestApp({ LISTING_VIEW_FLUSH_MS: '0' }));
  const sellerId = (await createUser(ctx, { role: 'seller', displayName: 'Cache Seller' })).id;
  seller = { id: sellerId, session: await signInAs(ctx, sellerId) };
  admin = await signInAs(ctx, (await createUser(ctx, { role: 'admin' })).id);
  buyer = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
  for (let i = 0; i < 3; i++) await insertTestListing(ctx, sellerId, { title: `Cached listing ${i}` });
});
afterAll(() => ctx.close());

const browse = async (url = '/api/listings', headers: Record<string, string> = {}) => {
  const before = statements.count;
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode).toBe(200);
  return { body: res.json<BrowseResponse>(), statements: statements.count - before, res };
};
const titles = (b: BrowseResponse) => b.items.map((i) => i.title);
const addFavorite = async (session: Session, listingId: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/favorites',
    headers: session.headers,
    payload: { listingId },
  });
  expect(res.statusCode).toBe(201);
};

describe('anonymous browse and home replies are kept until the catalogue changes', () => {
  it('answers a repeated browse without touching the database, signed in or not (decision 157)', async () => {
    const first = await browse('/api/listings?sort=price_asc');
    expect(first.statements).toBeGreaterThan(1);
    const again = await browse('/api/listings?sort=price_asc');
    expect(again.statements).toBe(0);
    expect(again.body).toEqual(first.body);
    await browse('/api/listings?sort=price_asc', buyer.headers);
    const signedIn = await browse('/api/listings?sort=price_asc', buyer.headers);
    expect(signedIn.statements).toBe(0);
    expect(signedIn.body).toEqual(first.body);
    await ctx.app.inject({ url: '/api/listings/home' });
    expect((await browse('/api/listings/home')).statements).toBe(0);
  });

  it('shows every kind of change on the very next request', async () => {
    await browse();
    const { id } = await insertTestListing(ctx, seller.id, {
      title: 'Freshly published account',
      status: 'draft',
      publishedAt: null,
    });
    expect(titles((await browse()).body)).not.toContain('Freshly published account');
    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/status`,
      headers: seller.session.headers,
      payload: { status: 'active' },
    });
    expect(published.statusCode).toBe(200);
    expect(titles((await browse()).body)).toContain('Freshly published account');

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: seller.session.headers,
      payload: listingInput({ title: 'Freshly published account', priceCents: 1_234 }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await browse()).body.items.find((i) => i.id === id)?.priceCents).toBe(1_234);

    await ctx.db.updateTable('users').set({ displayName: 'Renamed Seller' }).where('id', '=', seller.id).execute();
    expect((await browse()).body.items.find((i) => i.id === id)?.sellerName).toBe('Renamed Seller');

    viewCounterFor(ctx.deps).record(id, 'some-viewer');
    await viewCounterFor(ctx.deps).flush();
    expect((await browse()).body.items.find((i) => i.id === id)?.viewCount).toBe(1);

    const hidden = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/hide`,
      headers: admin.headers,
      payload: { reason: 'Looks like a stolen account.' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(titles((await browse()).body)).not.toContain('Freshly published account');
  });

  it('keeps the reply when only a member activity stamp was written', async () => {
    await browse();
    await ctx.db.updateTable('users').set({ lastActive: Date.now() }).where('id', '=', seller.id).execute();
    expect((await browse()).statements).toBe(0);
  });

  it('builds a missing reply once for requests arriving together', async () => {
    await insertTestListing(ctx, seller.id, { title: 'Arrives during a rush' });
    const before = statements.count;
    const replies = await Promise.all(Array.from({ length: 5 }, () => ctx.app.inject({ url: '/api/listings' })));
    const one = statements.count - before;
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    await insertTestListing(ctx, seller.id, { title: 'Arrives after the rush' });
    const single = await browse();
    expect(one).toBe(single.statements);
  });

  it('sends stored bytes compressed as the client accepts, the same reply in every encoding', async () => {
    for (let i = 0; i < 6; i++) await insertTestListing(ctx, seller.id, { title: `Padding listing ${i}` });
    const plain = await ctx.app.inject({ url: '/api/listings' });
    const br = await ctx.app.inject({ url: '/api/listings', headers: { 'accept-encoding': 'br' } });
    const gzip = await ctx.app.inject({ url: '/api/listings', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const r of [plain, br, gzip]) {
      expect(r.headers.vary).toMatch(/accept-encoding/);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps errors out: a bad cursor is refused every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ url: '/api/listings?cursor=not-a-cursor' });
      expect(res.statusCode).toBe(400);
    }
  });

  it('builds a listing page from the cache but for what depends on the viewer', async () => {
    const { id } = await insertTestListing(ctx, seller.id, { title: 'Detail from the cache' });
    const fan = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
    await addFavorite(fan, id);
    const detail = async (session: Session) => {
      const before = statements.count;
      const res = await ctx.app.inject({ url: `/api/listings/${id}`, headers: session.headers });
      expect(res.statusCode).toBe(200);
      return { body: res.json<{ isFavorite: boolean; title: string }>(), statements: statements.count - before };
    };
    const first = await detail(fan);
    expect(first.body).toMatchObject({ isFavorite: true, title: 'Detail from the cache' });
    const other = await detail(buyer);
    expect(other.body.isFavorite).toBe(false);
    // The session, the viewer's favorite, review and order: nothing about the listing or its seller.
    expect(other.statements).toBeLessThan(first.statements);
    expect((await detail(fan)).body.isFavorite).toBe(true);
  });

  it('marks each signed-in viewer’s own favorites on a shared page', async () => {
    const { id } = await insertTestListing(ctx, seller.id, { title: 'Kept by one member' });
    const fan = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
    const favoriteOf = async (session: Session, url: string) => {
      const body = (await ctx.app.inject({ url, headers: session.headers })).json<
        BrowseResponse & { recent?: BrowseResponse['items'] }
      >();
      return (body.items ?? body.recent)!.find((i) => i.id === id)?.isFavorite;
    };
    for (const url of ['/api/listings?sort=newest', '/api/listings/home']) {
      expect(await favoriteOf(fan, url)).toBe(false);
      await addFavorite(fan, id);
      expect(await favoriteOf(fan, url)).toBe(true);
      expect(await favoriteOf(buyer, url)).toBe(false);
      await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, headers: fan.headers });
      expect(await favoriteOf(fan, url)).toBe(false);
    }
  });

  it('answers a listing’s similar cards again without a statement, with the viewer’s favorites marked', async () => {
    const kind = { category: 'streaming', platform: 'netflix' } as const;
    const base = await insertTestListing(ctx, seller.id, { ...kind, title: 'Similar base' });
    const liked = await insertTestListing(ctx, seller.id, { ...kind, title: 'Similar and liked' });
    const other = await insertTestListing(ctx, seller.id, { ...kind, title: 'Similar, not liked' });
    const fan = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
    await addFavorite(fan, liked.id);
    const similar = async (session: Session) => {
      const before = statements.count;
      const res = await ctx.app.inject({ url: `/api/listings/${base.id}/similar`, headers: session.headers });
      expect(res.statusCode).toBe(200);
      const items = res.json<BrowseResponse>().items;
      const favorite = (id: string) => items.find((i) => i.id === id)?.isFavorite;
      return { items, favorite, statements: statements.count - before };
    };
    const first = await similar(fan);
    expect(first.items.map((i) => i.id)).toEqual([other.id, liked.id]);
    expect([first.favorite(liked.id), first.favorite(other.id)]).toEqual([true, false]);
    const again = await similar(fan);
    expect(again.statements).toBe(0);
    expect(again.items).toEqual(first.items);
    expect((await similar(buyer)).favorite(liked.id)).toBe(false);

    await ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${liked.id}`, headers: fan.headers });
    expect((await similar(fan)).favorite(liked.id)).toBe(false);
    const newer = await insertTestListing(ctx, seller.id, { ...kind, title: 'Similar, just listed' });
    expect((await similar(fan)).items[0].id).toBe(newer.id);
    await ctx.db.updateTable('listings').set({ status: 'hidden' }).where('id', '=', base.id).execute();
    const gone = await ctx.app.inject({ url: `/api/listings/${base.id}/similar`, headers: fan.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('shows a seller card change on the next listing page', async () => {
    const { id } = await insertTestListing(ctx, seller.id, { title: 'Card from the cache' });
    const card = async () =>
      (await ctx.app.inject({ url: `/api/listings/${id}`, headers: buyer.headers })).json<{
        seller: { rating: { count: number }; activeListings: number };
      }>().seller;
    const reviewer = await createUser(ctx, { role: 'buyer' });
    const before = await card();
    await ctx.db
      .insertInto('reviews')
      .values({
        id: `review-${id}`,
        listingId: id,
        sellerId: seller.id,
        buyerId: reviewer.id,
        rating: 5,
        comment: 'Smooth hand-over, as described.',
        reply: null,
        repliedAt: null,
        createdAt: Date.now(),
        orderId: null,
      })
      .execute();
    expect((await card()).rating.count).toBe(before.rating.count + 1);
    await insertTestListing(ctx, seller.id, { title: 'One more live listing' });
    expect((await card()).activeListings).toBe(before.activeListings + 1);
  });

  it('another server process on the same database sees a change made here', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const peerTitles = async () =>
        titles((await peer.app.inject({ url: '/api/listings?sort=newest' })).json<BrowseResponse>());
      expect(await peerTitles()).not.toContain('Announced to other processes');
      await insertTestListing(ctx, seller.id, { title: 'Announced to other processes' });
      // The announcement travels by NOTIFY on PostgreSQL: allow it a moment to arrive.
      const deadline = Date.now() + 5_000;
      let seen = await peerTitles();
      while (!seen.includes('Announced to other processes') && Date.now() < deadline) {
        await sleep(20);
        seen = await peerTitles();
      }
      expect(seen).toContain('Announced to other processes');
    } finally {
      await peer.close();
    }
  });
});
