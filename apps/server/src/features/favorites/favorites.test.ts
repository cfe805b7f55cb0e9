import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { FavoritesPage } from '@accountry/shared/favorites';
import { createUser, signInAs, userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let sellerId: string;
let seller: Session;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  sellerId = (await createUser(ctx, { role: 'seller' })).id;
  seller = await signInAs(ctx, sellerId);
});
afterAll(() => ctx.close());

const add = (s: Session, listingId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/favorites', headers: s.headers, payload: { listingId } });
const remove = (s: Session, listingId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${listingId}`, headers: s.headers });
const list = async (s: Session, cursor = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/favorites${cursor ? `?cursor=${cursor}` : ''}`,
    headers: s.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FavoritesPage;
};
const favoriteCount = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('favoriteCount').where('id', '=', id).executeTakeFirstOrThrow())
    .favoriteCount;

describe('favorites', () => {
  it.each(['buyer', 'seller', 'both'] as const)(
    'lets a %s favorite and unfavorite a listing, counted once for its seller',
    async (role) => {
      const { session } = await userWithSession(ctx, role);
      const { id } = await insertTestListing(ctx, sellerId);
      expect((await add(session, id)).statusCode).toBe(201);
      expect((await add(session, id)).json()).toEqual({ listingId: id, favorited: true });
      expect(await favoriteCount(id)).toBe(1);
      expect((await list(session)).items.map((i) => i.listingId)).toEqual([id]);
      const mine = await ctx.app.inject({ method: 'GET', url: '/api/my/listings', headers: seller.headers });
      expect(mine.json().items.find((i: { id: string }) => i.id === id).favoriteCount).toBe(1);
      expect((await remove(session, id)).json()).toEqual({ listingId: id, favorited: false });
      expect((await remove(session, id)).statusCode).toBe(200);
      expect(await favoriteCount(id)).toBe(0);
      expect((await list(session)).items).toEqual([]);
    },
  );

  it('needs a signed-in member and refuses one’s own listing', async () => {
    const { id } = await insertTestListing(ctx, sellerId);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/favorites' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/favorites', payload: { listingId: id } })).statusCode,
    ).toBe(401);
    const own = await add(seller, id);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(M.favoriteOwn);
    expect((await add(seller, 'no-such-listing')).statusCode).toBe(404);
  });

  it('keeps sold and removed listings in the list, marked so, with the current price', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const keep = await insertTestListing(ctx, sellerId, { title: 'Still for sale' });
    const sold = await insertTestListing(ctx, sellerId, { title: 'Will be sold' });
    const reserved = await insertTestListing(ctx, sellerId, { title: 'Will be reserved' });
    const deleted = await insertTestListing(ctx, sellerId, { title: 'Will be deleted' });
    const hidden = await insertTestListing(ctx, sellerId, { title: 'Will be hidden' });
    for (const l of [keep, sold, reserved, deleted, hidden]) {
      ctx.clock.advance(1);
      expect((await add(session, l.id)).statusCode).toBe(201);
    }
    const h = seller.headers;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${sold.id}/status`,
      headers: h,
      payload: { status: 'sold' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${reserved.id}/status`,
      headers: h,
      payload: { status: 'reserved' },
    });
    await ctx.app.inject({ method: 'DELETE', url: `/api/listings/${deleted.id}`, headers: h });
    await ctx.db
      .updateTable('listings')
      .set({ status: 'hidden', hiddenReason: 'Fraud', statusBeforeHidden: 'active' })
      .where('id', '=', hidden.id)
      .execute();
    await ctx.db.updateTable('listings').set({ priceCents: 7_777 }).where('id', '=', keep.id).execute();

    const page = await list(session);
    expect(page.total).toBe(5);
    expect(page.items.map((i) => [i.listingId, i.availability])).toEqual([
      [hidden.id, 'removed'],
      [deleted.id, 'removed'],
      [reserved.id, 'reserved'],
      [sold.id, 'sold'],
      [keep.id, 'available'],
    ]);
    expect(page.items[0].listing).toBeNull();
    expect(page.items[1].listing).toBeNull();
    expect(page.items[3].listing).toMatchObject({ title: 'Will be sold', status: 'sold' });
    expect(page.items[4].listing).toMatchObject({ priceCents: 7_777, isFavorite: true });
    // Removing a removed listing from favorites still works.
    expect((await remove(session, deleted.id)).statusCode).toBe(200);
    expect((await list(session)).total).toBe(4);
  });

  it('pages newest first with a cursor', async () => {
    const { session } = await userWithSession(ctx, 'both');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { id } = await insertTestListing(ctx, sellerId);
      ctx.clock.advance(1);
      await add(session, id);
      ids.unshift(id);
    }
    const first = await list(session);
    expect(first.items).toHaveLength(24);
    const second = await list(session, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.listingId)).toEqual(ids);
  });
});
