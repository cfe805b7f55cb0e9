import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { imageBytes, insertTestListing, multipart } from '../../test/listing-fixtures';
import { useRaceTestAppWithUploads, type RaceTestApp } from '../../test/race-app';

let race: RaceTestApp;
useRaceTestAppWithUploads((r) => (race = r));

const listingIdsOf = async (ctx: TestContext, sellerId: string) =>
  (await ctx.db.selectFrom('listings').select('id').where('sellerId', '=', sellerId).execute()).map((r) => r.id);

/** An admin's hiding of the listing, as the admin area writes it, committed on another connection. */
const hideElsewhere = (db: RaceTestApp['second']['db'], id: string, now: number) =>
  db
    .updateTable('listings')
    .set({ statusBeforeHidden: sql`status`, status: 'hidden', hiddenReason: 'Scam', updatedAt: now })
    .where('id', '=', id)
    .execute();

/** Whether a statement on another connection waits for a row lock on the listings (PostgreSQL). */
async function someoneWaitsOnListings(db: RaceTestApp['second']['db']) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like '%"listings"%'`.execute(db);
  return rows[0].n > 0;
}

/** Resolves once `work` has settled or waits on a lock, at most after about two seconds. */
async function settledOrWaitingOnLock(work: Promise<unknown>, db: RaceTestApp['second']['db']) {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => undefined);
  for (let i = 0; i < 200 && !settled && !(await someoneWaitsOnListings(db)); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('duplicating a listing while it changes', () => {
  it('a listing an admin hides after the duplicate read it is not copied: 409, and no copy exists', async () => {
    const { ctx, second, interleave } = race;
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { title: 'Scam listing the admins withdraw' }, 2);
    // The duplicate has read the listing as active; the admin's hiding commits before it copies.
    interleave.arm('listings', async () => {
      await hideElsewhere(second.db, listing.id, ctx.clock.now());
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/duplicate`,
      headers: seller.session.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.hiddenDuplicate);
    expect(await listingIdsOf(ctx, seller.user.id)).toEqual([listing.id]);
  });
});

describe.skipIf(testEngine !== 'postgres')('duplicating a listing while a screenshot is removed', () => {
  it('the copy never shows a screenshot whose file the removal deleted', async () => {
    const { ctx, second, interleave } = race;
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const upload = multipart(await imageBytes());
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/images`,
      headers: { ...seller.session.headers, ...upload.headers },
      payload: upload.payload,
    });
    const image = added.json();
    // The duplicate has read the screenshots; the seller's removal of the one it copies runs meanwhile. It may wait
    // for the duplicate's transaction, so it is not awaited there (the test would wait on itself).
    let removal: Promise<{ statusCode: number }> | undefined;
    interleave.arm('listing_images', async () => {
      const removing = ctx.app.inject({
        method: 'DELETE',
        url: `/api/listings/${listing.id}/images/${image.id}`,
        headers: seller.session.headers,
      });
      removal = removing;
      await settledOrWaitingOnLock(removing, second.db);
    });
    const dup = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/duplicate`,
      headers: seller.session.headers,
    });
    expect((await removal)?.statusCode).toBe(204);
    expect(dup.statusCode).toBe(201);
    const copy = dup.json() as { images: Array<{ url: string; thumbUrl: string }> };
    for (const url of copy.images.flatMap((i) => [i.url, i.thumbUrl])) {
      const file = await ctx.app.inject({ method: 'GET', url, headers: { cookie: seller.session.cookie } });
      expect(file.statusCode, url).toBe(200);
    }
  });
});
