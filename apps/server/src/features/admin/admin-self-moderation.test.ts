import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { auditRows, insertListing, insertReport } from './admin-test-fixtures';

/**
 * Admins pass every member check, so an admin can sell. `hidden` belongs to the moderators: a seller "can neither set
 * nor leave it" (decision 043), and an admin acting as admin is no party to what they act on (decision 190): another
 * admin moderates an admin's own listing and reviews the reports about it.
 */
let ctx: TestContext;
let moderator: Session;
let sellingAdmin: { user: { id: string }; session: Session };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ session: moderator } = await userWithSession(ctx, 'admin'));
  sellingAdmin = await userWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

const post = (session: Session, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

describe('an admin acting on their own listing', () => {
  it('cannot show again, as admin, their own listing another admin hid (403, still hidden)', async () => {
    const listing = await insertListing(ctx, sellingAdmin.user.id);
    const hidden = await post(moderator, `/api/admin/listings/${listing.id}/hide`, {
      reason: 'Screenshots show another person’s account.',
    });
    expect(hidden.statusCode).toBe(200);
    ctx.clock.advance(1000);

    const res = await post(sellingAdmin.session, `/api/admin/listings/${listing.id}/unhide`);
    const row = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect({ code: res.statusCode, status: row?.status }).toEqual({ code: 403, status: 'hidden' });
    expect(res.json().error.message).toBe('You are the seller of this listing. Another admin has to.');
    expect((await auditRows(ctx, listing.id)).map((a) => a.action)).toEqual(['listing.hide']);
  });

  it('cannot close, as admin, a report filed about their own listing (403, still open)', async () => {
    const listing = await insertListing(ctx, sellingAdmin.user.id);
    const reporter = await createUser(ctx);
    const report = await insertReport(ctx, { targetType: 'listing', targetId: listing.id, reporterId: reporter.id });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}`,
      headers: sellingAdmin.session.headers,
      payload: { status: 'resolved', note: 'Nothing wrong here.' },
    });
    const row = await ctx.db.selectFrom('reports').select('status').where('id', '=', report.id).executeTakeFirst();
    expect({ code: res.statusCode, status: row?.status }).toEqual({ code: 403, status: 'open' });
    expect(res.json().error.message).toBe('This report is about you or your listing. Another admin has to review it.');
  });
});
