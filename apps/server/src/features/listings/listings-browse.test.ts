import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import type { BrowseResponse } from '@accountry/shared/listing-browse';
import { createUser, signInAs, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { countListings, searchListingRows } from './listing-search.repository';
import { matchSearch, matchText } from './listing-match';
import { favoriteIdsOfMany } from './listings.repository';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let sellerId: string;
let otherSellerId: string;
let buyer: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  sellerId = (await createUser(ctx, { role: 'seller', displayName: 'Sam Seller' })).id;
  otherSellerId = (await createUser(ctx, { role: 'both' })).id;
  buyer = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
  const add = async (key: string, over: Parameters<typeof insertTestListing>[2], seller = sellerId) => {
    ids[key] = (await insertTestListing(ctx, seller, over)).id;
  };
  await add('valorant', {
    title: 'Radiant Valorant account with rare knives',
    platform: 'valorant',
    region: 'europe',
    priceCents: 50_000,
    viewCount: 40,
    verified: true,
    originalEmail: true,
  });
  await add('valorantCheap', {
    title: 'Starter Valorant smurf',
    platform: 'valorant',
    region: 'north-america',
    priceCents: 2_500,
    viewCount: 3,
  });
  await add('genshin', {
    title: 'Genshin Impact whale account',
    platform: 'genshin',
    region: 'asia',
    priceCents: 30_000,
    viewCount: 90,
    description: 'Five-star characters, many constellations and weapons.',
  });
  await add('insta', {
    title: 'Fitness Instagram page with engaged audience',
    category: 'social',
    platform: 'instagram',
    region: 'global',
    priceCents: 80_000,
    level: null,
    itemsCount: null,
    followers: 120_000,
    engagementRate: 4.2,
    viewCount: 12,
  });
  await add(
    'tiktok',
    {
      title: 'Small TikTok cooking channel',
      category: 'social',
      platform: 'tiktok',
      region: 'europe',
      priceCents: 9_000,
      level: null,
      itemsCount: null,
      followers: 8_000,
      viewCount: 7,
    },
    otherSellerId,
  );
  await add('spotify', {
    title: 'Spotify Premium Family yearly plan',
    category: 'streaming',
    platform: 'spotify',
    region: 'uk',
    priceCents: 4_000,
    level: 'Premium Family',
    itemsCount: null,
    viewCount: 1,
  });
  await add('draft', { title: 'Unpublished Valorant draft', platform: 'valorant', status: 'draft', publishedAt: null });
  await add('hidden', {
    title: 'Hidden Valorant scam listing',
    platform: 'valorant',
    status: 'hidden',
    hiddenReason: 'Stolen account',
    statusBeforeHidden: 'active',
  });
  await add('sold', { title: 'Sold Valorant account', platform: 'valorant', status: 'sold', soldAt: ctx.clock.now() });
  await add('reserved', { title: 'Reserved Valorant account', platform: 'valorant', status: 'reserved' });
  await add('deleted', { title: 'Deleted Valorant account', platform: 'valorant', deletedAt: ctx.clock.now() });
});
afterAll(() => ctx.close());

async function browse(query: string, headers?: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/listings${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BrowseResponse;
}
const titlesOf = (r: BrowseResponse) => r.items.map((i) => i.id);
const LIVE = ['valorant', 'valorantCheap', 'genshin', 'insta', 'tiktok', 'spotify'];

describe('GET /api/listings (browse)', () => {
  it('shows only active listings to visitors, newest first, with a count', async () => {
    const r = await browse('');
    expect(new Set(titlesOf(r))).toEqual(new Set(LIVE.map((k) => ids[k])));
    expect(titlesOf(r)).toEqual([...LIVE].reverse().map((k) => ids[k]));
    expect(r.total).toBe(6);
    expect(r.totalCapped).toBe(false);
    expect(r.nextCursor).toBeNull();
    expect(r.items[0]).toMatchObject({
      sellerName: expect.any(String),
      thumbUrl: expect.stringContaining('/uploads/demo/'),
      imageCount: 1,
      isFavorite: false,
    });
  });

  it('never shows draft, hidden, sold, reserved or deleted listings, even to their seller', async () => {
    const seller = await signInAs(ctx, sellerId);
    const r = await browse('?limit=48', seller.headers);
    for (const k of ['draft', 'hidden', 'sold', 'reserved', 'deleted']) expect(titlesOf(r)).not.toContain(ids[k]);
  });

  it.each([
    ['full-text search', '?q=valorant', ['valorant', 'valorantCheap']],
    ['a word prefix', '?q=valo', ['valorant', 'valorantCheap']],
    ['every word must match', '?q=valorant%20knives', ['valorant']],
    ['search in the description', '?q=constellations', ['genshin']],
    ['category', '?category=social', ['insta', 'tiktok']],
    ['platform', '?platform=genshin', ['genshin']],
    ['region', '?region=europe', ['valorant', 'tiktok']],
    ['price range (minor units, inclusive)', '?minPrice=4000&maxPrice=30000', ['genshin', 'tiktok', 'spotify']],
    ['minimum followers', '?minFollowers=10000', ['insta']],
    ['verified', '?verified=true', ['valorant']],
    ['original email', '?originalEmail=true', ['valorant']],
    ['search and filters together', '?q=valorant&region=north-america&maxPrice=5000', ['valorantCheap']],
    ['a seller', `?sellerId=SELLER2`, ['tiktok']],
    ['nothing matches', '?q=zzzzzz', []],
    ['punctuation only', '?q=%22*()', LIVE],
  ])('filters by %s', async (_name, query, expected) => {
    const r = await browse(query.replace('SELLER2', otherSellerId));
    expect(new Set(titlesOf(r))).toEqual(new Set(expected.map((k) => ids[k])));
    expect(r.total).toBe(expected.length);
  });

  it.each([
    ['price_asc', ['valorantCheap', 'spotify', 'tiktok', 'genshin', 'valorant', 'insta']],
    ['price_desc', ['insta', 'valorant', 'genshin', 'tiktok', 'spotify', 'valorantCheap']],
    ['most_viewed', ['genshin', 'valorant', 'insta', 'tiktok', 'valorantCheap', 'spotify']],
  ])('sorts by %s', async (sort, expected) => {
    expect(titlesOf(await browse(`?sort=${sort}`))).toEqual(expected.map((k) => ids[k]));
  });

  it('pages with a keyset cursor: no repeats, no gaps, counts on the first page only', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'most_viewed']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: BrowseResponse = await browse(`?sort=${sort}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(r.total).toBe(pages === 0 ? 6 : null);
        seen.push(...titlesOf(r));
        cursor = r.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen).toEqual(titlesOf(await browse(`?sort=${sort}`)));
    }
  });

  it('finds a listing by its new title after an edit (the search index follows the table)', async () => {
    await ctx.db
      .updateTable('listings')
      .set({ title: 'Genshin Impact account with Raiden Shogun' })
      .where('id', '=', ids.genshin)
      .execute();
    expect(titlesOf(await browse('?q=raiden'))).toEqual([ids.genshin]);
    expect(titlesOf(await browse('?q=whale'))).toEqual([]);
  });

  it('matches a word of one or two characters whole: as a prefix it would read most of the index', async () => {
    const gta = await insertTestListing(ctx, sellerId, { title: 'GTA 5 modded account' });
    try {
      expect(titlesOf(await browse('?q=gta%205'))).toEqual([gta.id]);
      expect(titlesOf(await browse('?q=5'))).toEqual([gta.id]);
      // Not the start of "valorant": one or two characters begin a large share of all the words there are.
      expect(titlesOf(await browse('?q=va'))).toEqual([]);
      expect(titlesOf(await browse('?q=v'))).toEqual([]);
      expect(new Set(titlesOf(await browse('?q=val')))).toEqual(new Set([ids.valorant, ids.valorantCheap]));
    } finally {
      await ctx.db.updateTable('listings').set({ deletedAt: ctx.clock.now() }).where('id', '=', gta.id).execute();
    }
  });

  it('finds the same listings whether the matches are looked up by key or checked while walking the sort index', async () => {
    for (const q of ['valorant', 'account', 'genshin impact']) {
      const byKey = await matchText(ctx.handle, q);
      const walking = await matchText(ctx.handle, q, 0);
      const search = { scope: 'live' as const, q };
      const ids = async (text: typeof byKey) =>
        (await searchListingRows(ctx.handle, search, text, 'price_asc', undefined, 48)).rows.map((r) => r.id);
      expect(await ids(walking)).toEqual(await ids(byKey));
      expect(await countListings(ctx.handle, search, walking)).toEqual(await countListings(ctx.handle, search, byKey));
    }
  });

  it('finds the same listings for a minimum follower count through the followers index or the sort index', async () => {
    // Sold, hidden and deleted social listings with many followers sit in the followers index too; browse never shows them.
    const extra = [
      await insertTestListing(ctx, sellerId, {
        category: 'social',
        platform: 'instagram',
        followers: 900_000,
        status: 'sold',
      }),
      await insertTestListing(ctx, sellerId, {
        category: 'social',
        platform: 'tiktok',
        followers: 700_000,
        deletedAt: 1,
      }),
      await insertTestListing(ctx, sellerId, {
        category: 'social',
        platform: 'youtube',
        followers: 600_000,
        status: 'hidden',
      }),
    ];
    try {
      for (const [minFollowers, q] of [
        [5_000, undefined],
        [100_000, undefined],
        [1_000, 'fitness'],
        [0, 'account'],
      ] as const) {
        const search = { scope: 'live' as const, minFollowers, q };
        const fromFollowers = await matchSearch(ctx.handle, search);
        const walking = await matchSearch(ctx.handle, search, 0);
        expect(fromFollowers?.few).toBe(true);
        const rows = async (m: typeof walking) =>
          (await searchListingRows(ctx.handle, search, m, 'price_asc', undefined, 48)).rows.map((r) => r.id);
        expect(await rows(fromFollowers)).toEqual(await rows(walking));
        expect(await countListings(ctx.handle, search, fromFollowers)).toEqual(
          await countListings(ctx.handle, search, walking),
        );
      }
      const r = await browse('?minFollowers=5000&sort=price_asc');
      expect(titlesOf(r)).toEqual([ids.tiktok, ids.insta]);
      expect(r.total).toBe(2);
    } finally {
      await ctx.db
        .deleteFrom('listings')
        .where(
          'id',
          'in',
          extra.map((l) => l.id),
        )
        .execute();
    }
  });

  it('marks the viewer’s favorites', async () => {
    const viewer = await createUser(ctx, { role: 'buyer' });
    await ctx.db
      .insertInto('favorites')
      .values({ userId: viewer.id, listingId: ids.spotify, createdAt: ctx.clock.now() })
      .execute();
    const r = await browse('?category=streaming', (await signInAs(ctx, viewer.id)).headers);
    expect(r.items[0]).toMatchObject({ id: ids.spotify, isFavorite: true });
    expect((await browse('?category=streaming', buyer.headers)).items[0].isFavorite).toBe(false);
  });

  it('marks each member’s own favorites when many pages are asked at once', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => createUser(ctx, { role: 'buyer' })));
    const kept = [[ids.spotify], [ids.valorant, ids.genshin], [], [ids.valorant]];
    for (const [i, listingIds] of kept.entries())
      for (const listingId of listingIds)
        await ctx.db
          .insertInto('favorites')
          .values({ userId: members[i].id, listingId, createdAt: ctx.clock.now() })
          .execute();
    const sessions = await Promise.all(members.map((m) => signInAs(ctx, m.id)));
    const pages = await Promise.all(sessions.flatMap((s) => [browse('', s.headers), browse('', s.headers)]));
    pages.forEach((page, k) => {
      const favorites = page.items.filter((c) => c.isFavorite).map((c) => c.id);
      expect(favorites.sort()).toEqual([...kept[Math.floor(k / 2)]].sort());
    });
    if (ctx.handle.engine === 'postgres') {
      const asked = members.map((m) => ({ userId: m.id, listingIds: [ids.spotify, ids.valorant, ids.genshin] }));
      expect((await favoriteIdsOfMany(ctx.db, asked)).map((set) => [...set].sort())).toEqual(
        kept.map((k) => [...k].sort()),
      );
    }
  });

  it.each([
    ['a tampered cursor', '?cursor=bm90LWpzb24', 'cursor', LISTING_MESSAGES.cursor],
    ['an unknown category', '?category=cars', 'category', undefined],
    ['an unknown sort', '?sort=random', 'sort', undefined],
    ['a price range upside down', '?minPrice=500&maxPrice=100', 'minPrice', LISTING_MESSAGES.priceRange],
    ['a page size over the limit', '?limit=500', 'limit', undefined],
  ])('rejects %s with 400', async (_name, query, field, message) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/listings${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBeDefined();
    if (message) expect(res.json().error.fields[field]).toBe(message);
  });

  it('shows recent and popular listings for the home page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/listings/home' });
    expect(res.statusCode).toBe(200);
    const { recent, popular } = res.json();
    expect(recent[0].id).toBe(ids.spotify);
    expect(popular[0].id).toBe(ids.genshin);
    expect(recent.map((c: { id: string }) => c.id)).not.toContain(ids.hidden);
  });
});
