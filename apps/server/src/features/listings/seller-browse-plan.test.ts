import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase, testEngine } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { searchListingRows } from './listing-search.repository';

/**
 * A seller's live listings in any order (`/api/listings?sellerId=…&sort=…`, public) are found on the seller's index and
 * sorted: walking a sort index of every live listing and checking each row's seller read the whole catalogue for a
 * seller with few or none (SQLite plans without statistics, so its choice is pinned here).
 */
describe.runIf(testEngine === 'sqlite')('the plan of one seller’s live listings', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it.each(['newest', 'price_asc', 'price_desc', 'most_viewed'] as const)('sorted %s', async (sort) => {
    const search = { scope: 'live' as const, sellerId: 'a-seller' };
    const { plan } = await sqlitePlanOf(handle.url, /from "listings"/, (db) =>
      searchListingRows({ ...handle, db }, search, null, sort, undefined, 24),
    );
    expect(plan).toMatch(/SEARCH listings USING INDEX listings_(live_)?seller_idx \([^)]*seller_id=\?/);
    expect(plan).not.toMatch(/listings_live_(price|views|published)_idx/);
  });
});
