import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { refuseUpdatesOfRows } from '../../test/refused-writes';
import { ListingViewCounter } from './listing-views';

/**
 * listings.view_count is a stored counter fed by the in-memory view counter's flush (decision 044). One listing whose
 * row the database refuses (decision 241's failure: `refuseWrites`) must not keep every other listing's views out of
 * their counters for good.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const stored = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow()).viewCount;

describe('listing view counts past a listing whose row cannot be written', () => {
  it("writes the other listings' views", async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const stuck = await insertTestListing(ctx, seller.id, { viewCount: 7 });
    const fine = await insertTestListing(ctx, seller.id);
    await refuseUpdatesOfRows(ctx.handle, 'listings', 'id', stuck.id, 'view_count');

    const counter = new ListingViewCounter(ctx.deps);
    counter.record(stuck.id, 'viewer-1');
    counter.record(fine.id, 'viewer-1');
    counter.record(fine.id, 'viewer-2');
    // Each flush is a run of the job; the stuck listing fails every one of them.
    const errors: unknown[] = [];
    for (let run = 0; run < 3; run++) await counter.flush().catch((err: unknown) => errors.push(err));
    expect(errors.length).toBeGreaterThan(0);
    expect(await stored(stuck.id)).toBe(7);

    expect(await stored(fine.id)).toBe(2);
    expect(counter.pendingFor(fine.id)).toBe(0);
  });
});
