import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { insertListing } from './admin-test-fixtures';
import { deleteListing, hideListing } from './admin-listings.service';
import { disableUser } from './admin-users.service';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

describe('listing status races', () => {
  it('a seller status change decided before an admin hid the listing answers 409 and leaves it hidden', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const admin = await userWithSession(ctx, 'admin');
    const listing = await insertListing(ctx, seller.user.id, { status: 'active' });
    // The seller's request has read the listing as active; the admin's hide lands before it writes.
    interleave.arm('listing_images', async () => {
      await hideListing({ ...ctx.deps, db: second }, admin.user, listing.id, 'Misleading screenshots');
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/status`,
      payload: { status: 'reserved' },
      headers: seller.session.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This was changed in the meantime. Reload the page and try again.');
    const row = await ctx.db.selectFrom('listings').selectAll().where('id', '=', listing.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Misleading screenshots',
    });
  });

  it('a seller delete that finds the listing already deleted by an admin answers 409', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const admin = await userWithSession(ctx, 'admin');
    const listing = await insertListing(ctx, seller.user.id, { status: 'active' });
    interleave.arm('listings', async () => {
      await deleteListing({ ...ctx.deps, db: second }, admin.user, listing.id, 'Scam');
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${listing.id}`,
      headers: seller.session.headers,
    });
    expect(res.statusCode).toBe(409);
    const audit = await ctx.db.selectFrom('auditLog').select('action').where('targetId', '=', listing.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['listing.delete']);
  });

  // SQLite runs one transaction at a time, so only PostgreSQL can interleave inside the admin's transaction.
  it.skipIf(testEngine === 'sqlite')(
    'an admin unhide that finds the listing already unhidden answers 409',
    async () => {
      const seller = await userWithSession(ctx, 'seller');
      const admin = await userWithSession(ctx, 'admin');
      const listing = await insertListing(ctx, seller.user.id, {
        status: 'hidden',
        statusBeforeHidden: 'active',
        hiddenReason: 'Check',
      });
      interleave.arm('listings', async () => {
        await second.db
          .updateTable('listings')
          .set({ status: 'active', statusBeforeHidden: null, hiddenReason: null })
          .where('id', '=', listing.id)
          .execute();
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listing.id}/unhide`,
        payload: {},
        headers: admin.session.headers,
      });
      expect(res.statusCode).toBe(409);
    },
  );

  it.skipIf(testEngine === 'sqlite')(
    "an admin unhide that the seller's suspension overtook answers 409 and leaves the listing hidden",
    async () => {
      const seller = await userWithSession(ctx, 'seller');
      const admin = await userWithSession(ctx, 'admin');
      const other = await userWithSession(ctx, 'admin');
      const listing = await insertListing(ctx, seller.user.id, {
        status: 'hidden',
        statusBeforeHidden: 'active',
        hiddenReason: 'Check',
      });
      // The unhide has read the listing and its seller; another admin disables the seller before it writes.
      interleave.arm('listings', async () => {
        await disableUser({ ...ctx.deps, db: second }, other.user, seller.user.id);
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listing.id}/unhide`,
        payload: {},
        headers: admin.session.headers,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        "The seller's account is disabled. Enable the account before showing this listing again.",
      );
      const row = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
      expect(row?.status).toBe('hidden');
    },
  );
});
