import { afterEach, describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import type { DatabaseHandle } from '../../db/database';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { insertListing } from './admin-test-fixtures';
import { hideListing, unhideListing } from './admin-listings.service';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

afterEach(() => interleave.disarm());

const listingRow = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'statusBeforeHidden', 'hiddenReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditBy = (actorId: string, targetId: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select('action')
    .where('actorId', '=', actorId)
    .where('targetId', '=', targetId)
    .execute();

describe('admin hide and unhide decided on a read that another admin overtook', () => {
  it("an unhide that another admin's newer hide overtook answers 409 and leaves that hide in place", async () => {
    const seller = await userWithSession(ctx, 'seller');
    const [a, b, c] = [
      await userWithSession(ctx, 'admin'),
      await userWithSession(ctx, 'admin'),
      await userWithSession(ctx, 'admin'),
    ];
    const listing = await insertListing(ctx, seller.user.id, { status: 'active' });
    await hideListing(ctx.deps, b.user, listing.id, 'Blurry screenshots, please fix');
    // A has read B's hide; before A writes, B unhides and C hides again for another reason.
    interleave.arm('listings', async () => {
      const deps = { ...ctx.deps, db: second };
      // A later clock, so the refusal does not hang on equal timestamps by accident.
      ctx.clock.advance(1000);
      await unhideListing(deps, b.user, listing.id);
      await hideListing(deps, c.user, listing.id, 'Fraud: stolen account, keep hidden');
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listing.id}/unhide`,
      payload: {},
      headers: a.session.headers,
    });
    expect([res.statusCode, res.json().error?.message]).toEqual([409, CHANGED_MEANWHILE]);
    expect(await listingRow(listing.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Fraud: stolen account, keep hidden',
    });
    expect(await auditBy(a.user.id, listing.id)).toEqual([]);
    // One "shown" mail, B's; A's refused unhide sends none.
    const shown = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.startsWith('Your listing is shown'));
    expect(shown).toHaveLength(1);
  });

  // SQLite refuses the hide's write on a snapshot another connection changed (a 409 already); PostgreSQL does not.
  it.skipIf(testEngine === 'sqlite')(
    'a hide whose read the seller overtook answers 409 instead of auditing a status the listing no longer had',
    async () => {
      const seller = await userWithSession(ctx, 'seller');
      const admin = await userWithSession(ctx, 'admin');
      const listing = await insertListing(ctx, seller.user.id, { status: 'active' });
      // The hide has read the listing as active; the listing is reserved before the hide writes.
      interleave.arm('listings', async () => {
        ctx.clock.advance(1000);
        await second.db
          .updateTable('listings')
          .set({ status: 'reserved', updatedAt: ctx.clock.now() })
          .where('id', '=', listing.id)
          .execute();
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listing.id}/hide`,
        payload: { reason: 'Misleading screenshots' },
        headers: admin.session.headers,
      });
      expect([res.statusCode, res.json().error?.message]).toEqual([409, CHANGED_MEANWHILE]);
      expect(await listingRow(listing.id)).toEqual({
        status: 'reserved',
        statusBeforeHidden: null,
        hiddenReason: null,
      });
      expect(await auditBy(admin.user.id, listing.id)).toEqual([]);
      const hidden = (await ctx.mailsTo(seller.user.email)).filter((m) =>
        m.subject.startsWith('Your listing was hidden'),
      );
      expect(hidden).toEqual([]);
    },
  );
});
