import { describe, expect, it } from 'vitest';
import { createUser, type Session, type TestContext } from '../../test/test-app';
import { insertListing, useAdminTestApp } from './admin-test-fixtures';

/**
 * A deletion (the seller's own or an admin's, decision 043/062) sets `deleted_at` and keeps the status, so a deleted
 * listing is still `active` or `hidden` in its row: the dashboard must not count listings nobody can see any more.
 */
let ctx: TestContext;
let adminSession: Session;

useAdminTestApp((c, session) => {
  ctx = c;
  adminSession = session;
});

describe('GET /api/admin/dashboard', () => {
  it('does not count deleted listings as active or hidden', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    await insertListing(ctx, seller.id, { status: 'active' });
    await insertListing(ctx, seller.id, { status: 'active', deletedAt: ctx.clock.now() });
    await insertListing(ctx, seller.id, {
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Spam',
      deletedAt: ctx.clock.now(),
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: adminSession.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activeListings: 1, hiddenListings: 0 });
  });
});
