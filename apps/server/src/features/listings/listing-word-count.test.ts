import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, testEngine } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { countListings } from './listing-search.repository';
import { matchText } from './listing-match';

/**
 * The count of a search for common words alone walks the words' matches and stops at the cap (decision 100): built as
 * a set first, the matches of a word most listings carry were all read to count the first thousand.
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  const seller = (await createUser(ctx, { role: 'seller' })).id;
  for (let i = 0; i < 5; i++) await insertTestListing(ctx, seller, { title: `Ranked smurf account ${i}` }, 0);
  await insertTestListing(ctx, seller, { title: 'Ranked smurf, cheap', category: 'social' }, 0);
  // Carrying the words too, never counted: sold, hidden, reserved, draft and deleted listings.
  for (const over of [
    { status: 'sold' as const },
    { status: 'hidden' as const },
    { status: 'reserved' as const },
    { status: 'draft' as const },
    { deletedAt: 1 },
  ])
    await insertTestListing(ctx, seller, { title: 'Ranked smurf account, gone', ...over }, 0);
});
afterAll(() => ctx.close());

/** The words as common: more matches than `few` (0) are checked while walking, as a word most listings carry is. */
const commonWords = (q: string) => matchText(ctx.handle, q, 0);

describe('the count of common words', () => {
  it.each([
    ['the words alone', { q: 'smurf' }, 6],
    ['two words alone', { q: 'smurf cheap' }, 1],
    ['the words and a filter', { q: 'smurf', category: 'social' as const }, 1],
  ])('%s counts the live listings that match', async (_, filters, expected) => {
    const search = { scope: 'live' as const, ...filters };
    const byKey = await countListings(ctx.handle, search, await matchText(ctx.handle, filters.q));
    const walking = await countListings(ctx.handle, search, await commonWords(filters.q));
    expect(walking).toEqual({ total: expected, capped: false });
    expect(byKey).toEqual(walking);
  });
});

describe.runIf(testEngine === 'sqlite')('the plan of a count of common words', () => {
  const countPlan = (search: Parameters<typeof countListings>[1]) =>
    sqlitePlanOf(ctx.handle.url, /count\(\*\).*from \(select 1 as "one"/s, async (db) => {
      const handle = { ...ctx.handle, db };
      await countListings(handle, search, await matchText(handle, search.q, 0));
    });

  it('alone, walks their matches and looks each listing up', async () => {
    const { plan } = await countPlan({ scope: 'live', q: 'smurf' });
    expect(plan).toMatch(/^CO-ROUTINE \w+ \| SCAN f VIRTUAL TABLE INDEX \d+:M\d* \| SEARCH listings USING INDEX/);
    expect(plan).not.toMatch(/LIST SUBQUERY/);
  });

  it('with a filter, walks the listings and checks each against the set of matches', async () => {
    const { plan } = await countPlan({ scope: 'live', q: 'smurf', category: 'social' });
    expect(plan).toMatch(/LIST SUBQUERY/);
  });
});
