import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { TEST_PASSWORD, testEngine, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { deleteUser } from '../admin/admin-users.service';
import { deleteOwnAccount } from './account-deletion.service';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const post = (s: Session, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: s.headers, payload });
const deletionOf = (uid: string) =>
  ctx.db.selectFrom('deletedUsers').select(['status', 'reason']).where('uid', '=', uid).executeTakeFirst();
const openOrdersOf = (uid: string) =>
  ctx.db
    .selectFrom('orders')
    .select('status')
    .where((eb) => eb.or([eb('buyerId', '=', uid), eb('sellerId', '=', uid)]))
    .where('status', '=', 'pending_payment')
    .execute();

describe.runIf(pg)('deleting an account while other requests run', () => {
  it('a seller deleting their account while a buyer starts an order: one of the two is refused, never both done', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'active' }, 0);
    let deletion: Promise<string> | undefined;
    // Buy-now has read the listing and reserved it; the seller's deletion starts on another connection now.
    interleave.arm('conversations', async () => {
      deletion = deleteOwnAccount(
        { ...ctx.deps, db: second },
        seller.user,
        { password: TEST_PASSWORD },
        '10.9.9.9',
      ).then(
        () => 'deleted',
        (e: Error) => e.message,
      );
      await untilLockWaitOr(ctx.db, deletion);
    });
    const bought = await post(buyer.session, '/api/orders', { listingId: listing.id });
    const deleted = await deletion;
    const sellerGone = (await deletionOf(seller.user.id))?.status === 'unresolved';
    const orders = await openOrdersOf(seller.user.id);
    expect(sellerGone && orders.length > 0).toBe(false);
    expect([bought.statusCode === 201, deleted === 'deleted']).not.toEqual([true, true]);
  });

  it('two deletions of one account at once: one is done, the other refused, none fails', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const [a, b] = await Promise.all([
      post(member.session, '/api/profile/delete', { password: TEST_PASSWORD }),
      post(member.session, '/api/profile/delete', { password: TEST_PASSWORD }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
  });

  it("a member's own deletion does not overwrite an admin's deletion made meanwhile", async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'seller');
    await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: member.session.headers });
    interleave.arm('users', async () => {
      await deleteUser({ ...ctx.deps, db: second }, admin.user, member.user.id, 'Fraud: scammed three buyers');
    });
    const res = await post(member.session, '/api/profile/delete', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(await deletionOf(member.user.id)).toEqual({ status: 'unresolved', reason: 'Fraud: scammed three buyers' });
  });
});
