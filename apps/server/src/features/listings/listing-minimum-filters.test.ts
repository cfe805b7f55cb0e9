import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseFilters } from '@accountry/shared/listing-browse';
import { createUser, testEngine } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { countListings, searchListingRows, type ListingSearch } from './listing-search.repository';
import { matchSearch } from './listing-match';

/**
 * A minimum item count, account age or follower count that few live listings reach starts from that column's index
 * (decision 100): walking a sort index of every live listing and checking each row read the whole catalogue first.
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
const live: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  const seller = (await createUser(ctx, { role: 'seller' })).id;
  const add = async (key: string, over: Parameters<typeof insertTestListing>[2]) => {
    const { id } = await insertTestListing(ctx, seller, over, 0);
    if (key) live[key] = id;
  };
  await add('stacked', { itemsCount: 900, accountAgeMonths: 30, priceCents: 40_000, viewCount: 5 });
  await add('veteran', { itemsCount: 20, accountAgeMonths: 150, priceCents: 9_000, viewCount: 50 });
  await add('both', { itemsCount: 700, accountAgeMonths: 200, priceCents: 70_000, viewCount: 1 });
  await add('famous', {
    category: 'social',
    platform: 'instagram',
    itemsCount: null,
    followers: 500_000,
    accountAgeMonths: 160,
    priceCents: 20_000,
  });
  for (let i = 0; i < 4; i++) await add(`plain${i}`, { itemsCount: 10 + i, accountAgeMonths: 12 + i });
  // In the indexes too, never shown: sold, hidden and deleted listings that pass every minimum.
  for (const over of [{ status: 'sold' as const }, { status: 'hidden' as const }, { deletedAt: 1 }])
    await add('', { itemsCount: 999, accountAgeMonths: 300, followers: 900_000, ...over });
});
afterAll(() => ctx.close());

const rowsOf = async (search: ListingSearch, fewMatches?: number) => {
  const match = await matchSearch(ctx.handle, search, fewMatches);
  const { rows } = await searchListingRows(ctx.handle, search, match, 'price_asc', undefined, 48);
  return { match, ids: rows.map((r) => r.id), count: await countListings(ctx.handle, search, match) };
};

describe('minimum filters', () => {
  it.each<[string, Partial<BrowseFilters>, string[]]>([
    ['items', { minItems: 500 }, ['stacked', 'both']],
    ['account age', { minAgeMonths: 140 }, ['veteran', 'famous', 'both']],
    ['items and age', { minItems: 500, minAgeMonths: 100 }, ['both']],
    ['followers and age', { minFollowers: 100_000, minAgeMonths: 100 }, ['famous']],
  ])('a minimum %s finds the same live listings through its index or the sort index', async (_, filters, expected) => {
    const search = { scope: 'live' as const, ...filters };
    const fromIndex = await rowsOf(search);
    const walking = await rowsOf(search, 0);
    expect(fromIndex.match?.few).toBe(true);
    expect(walking.match?.few ?? false).toBe(false);
    expect(fromIndex.ids).toEqual(expected.map((k) => live[k]));
    expect(walking.ids).toEqual(fromIndex.ids);
    expect(fromIndex.count).toEqual({ total: expected.length, capped: false });
    expect(walking.count).toEqual(fromIndex.count);
  });
});

describe.runIf(testEngine === 'sqlite')('the plan of a minimum few listings reach', () => {
  const planOf = async (search: ListingSearch, fewMatches: number, statement: RegExp) =>
    (
      await sqlitePlanOf(ctx.handle.url, statement, async (db) => {
        const handle = { ...ctx.handle, db };
        const match = await matchSearch(handle, search, fewMatches);
        await searchListingRows(handle, search, match, 'price_asc', undefined, 24);
        await countListings(handle, search, match);
      })
    ).plan;
  const page = /^select "listings"\."id", .*"listings"\."id" in \(select "listings"\."id" from "listings"/s;
  const count = /count\(\*\).*from \(select 1 as "one"/s;

  it.each([
    ['minItems', { minItems: 500 }, 'items'],
    ['minAgeMonths', { minAgeMonths: 140 }, 'age'],
  ] as const)('%s reads its own index, for the page and the count', async (_, filters, index) => {
    for (const statement of [page, count]) {
      const plan = await planOf({ scope: 'live', ...filters }, 5000, statement);
      expect(plan).toMatch(new RegExp(`SEARCH listings USING INDEX listings_live_${index}_idx`));
      expect(plan).not.toMatch(/listings_live_(price|views|published)_idx/);
    }
  });

  it('of several minimums, starts from the one few listings reach', async () => {
    // Four live listings have 13 items or more, three are 150 months old or more: with "few" at 3, only the age is.
    const plan = await planOf({ scope: 'live', minItems: 13, minAgeMonths: 150 }, 3, page);
    expect(plan).toMatch(/SEARCH listings USING INDEX listings_live_age_idx/);
    const items = await planOf({ scope: 'live', minItems: 500, minAgeMonths: 12 }, 3, page);
    expect(items).toMatch(/SEARCH listings USING INDEX listings_live_items_idx/);
  });
});
