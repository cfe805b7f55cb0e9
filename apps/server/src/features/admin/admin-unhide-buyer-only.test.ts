import { describe, expect, it } from 'vitest';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing, useAdminTestApp } from './admin-test-fixtures';

/**
 * Decision 237: a member who can no longer sell has no listing for sale, since they could neither unpublish nor edit
 * it. Hidden listings do not count when they switch to buying only, so showing one again must not put it on sale.
 */
let ctx: TestContext;
let adminSession: Session;
useAdminTestApp((c, session) => {
  ctx = c;
  adminSession = session;
});

const admin = (url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: adminSession.headers, payload: payload ?? {} });

describe('unhiding the listing of a member who switched to buying only', () => {
  it('is refused (409) and the listing stays off sale', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertListing(ctx, seller.user.id, { title: 'Unhide audit account', status: 'active' });
    expect(
      (await admin(`/api/admin/listings/${listing.id}/hide`, { reason: 'Misleading screenshots' })).statusCode,
    ).toBe(200);
    // Hidden listings do not count (decision 237): the switch to buying only is allowed.
    const switched = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: seller.session.headers,
      payload: { role: 'buyer' },
    });
    expect(switched.statusCode).toBe(200);
    const shown = await admin(`/api/admin/listings/${listing.id}/unhide`);
    const row = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect([shown.statusCode, row.status]).toEqual([409, 'hidden']);
    expect(shown.json().error.message).toBe(
      'The seller buys only now. Their listing can be shown again once they sell again.',
    );
  });

  it('enabling a disabled member an admin made buyer-only since brings their listing back as a draft', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertListing(ctx, seller.user.id, { title: 'Enable audit account', status: 'active' });
    const base = `/api/admin/users/${seller.user.id}`;
    expect((await admin(`${base}/disable`, { reason: 'Checking reports' })).statusCode).toBe(200);
    // The disabling hid the listing, so it does not count: taking selling away is allowed (decision 237).
    const role = await ctx.app.inject({
      method: 'PUT',
      url: `${base}/role`,
      headers: adminSession.headers,
      payload: { role: 'buyer' },
    });
    expect(role.statusCode).toBe(200);
    expect((await admin(`${base}/enable`, { reason: 'Reports were wrong' })).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
  });
});
