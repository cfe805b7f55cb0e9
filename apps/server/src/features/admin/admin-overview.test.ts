import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcCalendarStarts } from '@accountry/shared/admin-dashboard';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertFeedback, insertListing, insertReport } from './admin-test-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';

let ctx: TestContext;
let admin: { id: string; displayName: string };
let adminSession: Session;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(Date.UTC(2026, 10, 25, 12)); // a Wednesday
  ({ user: admin, session: adminSession } = await userWithSession(ctx, 'admin', { displayName: 'Audit Admin' }));
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: adminSession.headers });

describe('GET /api/admin/dashboard', () => {
  it('counts users by role, sign-ups this week, active and sold listings, and open reports', async () => {
    const now = ctx.clock.now();
    const { weekStart, monthStart } = utcCalendarStarts(now);
    expect(weekStart).toBe(Date.UTC(2026, 10, 23));
    expect(monthStart).toBe(Date.UTC(2026, 10, 1));
    const seller = await createUser(ctx, { role: 'seller', createdAt: now - 30 * DAY });
    await createUser(ctx, { role: 'buyer', createdAt: weekStart - 1 });
    await createUser(ctx, { role: 'both', createdAt: weekStart + 1, disabled: true });
    await insertListing(ctx, seller.id, { status: 'active' });
    await insertListing(ctx, seller.id, { status: 'active' });
    await insertListing(ctx, seller.id, { status: 'sold', soldAt: monthStart + DAY });
    await insertListing(ctx, seller.id, { status: 'sold', soldAt: monthStart - DAY });
    await insertListing(ctx, seller.id, { status: 'hidden' });
    await insertReport(ctx, { targetType: 'listing', targetId: 'x', reporterId: seller.id });
    await insertReport(ctx, {
      targetType: 'conversation',
      targetId: 'y',
      reporterId: seller.id,
      status: 'in_progress',
    });
    await insertReport(ctx, { targetType: 'user', targetId: 'z', reporterId: seller.id, status: 'resolved' });
    await insertFeedback(ctx);

    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      usersByRole: { buyer: 1, seller: 1, both: 1, admin: 1 },
      totalUsers: 4,
      disabledUsers: 1,
      deletedUsers: 0,
      // The admin (created now) and the 'both' user signed up this week.
      newSignupsThisWeek: 2,
      activeListings: 2,
      hiddenListings: 1,
      listingsSoldThisMonth: 1,
      openReports: {
        listing: { open: 1, in_progress: 0 },
        conversation: { open: 0, in_progress: 1 },
        user: { open: 0, in_progress: 0 },
        feedback: { open: 1, in_progress: 0 },
        total: 2,
      },
      weekStart,
      monthStart,
    });
    // The browser's own week and month boundaries win.
    const local = (
      await get(`/api/admin/dashboard?weekStart=${weekStart - 2}&monthStart=${monthStart - 2 * DAY}`)
    ).json();
    expect(local).toMatchObject({ newSignupsThisWeek: 3, listingsSoldThisMonth: 2 });
    expect((await get('/api/admin/dashboard?weekStart=soon')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages every admin action newest first and filters by action, actor and target', async () => {
    const other = await userWithSession(ctx, 'admin', { displayName: 'Other Admin' });
    const target = await createUser(ctx, { role: 'buyer' });
    const post = (url: string, session: Session, payload: object = {}) =>
      ctx.app.inject({ method: url.endsWith('/role') ? 'PUT' : 'POST', url, headers: session.headers, payload });
    await post(`/api/admin/users/${target.id}/disable`, adminSession);
    ctx.clock.advance(1000);
    await post(`/api/admin/users/${target.id}/enable`, other.session);
    ctx.clock.advance(1000);
    await post(`/api/admin/users/${target.id}/role`, adminSession, { role: 'seller' });

    const page1 = (await get('/api/admin/audit?limit=2')).json();
    expect(page1.items.map((e: { action: string }) => e.action)).toEqual(['user.role', 'user.enable']);
    expect(page1.items[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Audit Admin',
      targetType: 'user',
      targetId: target.id,
      details: { from: 'buyer', to: 'seller' },
    });
    const page2 = (await get(`/api/admin/audit?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((e: { action: string }) => e.action)).toEqual(['user.disable']);
    expect(page2.nextCursor).toBeNull();

    expect(
      (await get(`/api/admin/audit?actorId=${other.user.id}`)).json().items.map((e: { action: string }) => e.action),
    ).toEqual(['user.enable']);
    expect((await get('/api/admin/audit?action=user.disable')).json().items).toHaveLength(1);
    expect((await get(`/api/admin/audit?targetType=user&targetId=${target.id}`)).json().items).toHaveLength(3);

    const facets = (await get('/api/admin/audit/facets')).json();
    expect(facets.actions).toEqual(['user.disable', 'user.enable', 'user.role']);
    expect(facets.actors.map((a: { displayName: string }) => a.displayName).sort()).toEqual([
      'Audit Admin',
      'Other Admin',
    ]);
  });

  it('names what each action was on: the user, the listing, or nothing when it is gone', async () => {
    const seller = await createUser(ctx, { role: 'seller', displayName: 'Named Seller' });
    const listingId = (await insertListing(ctx, seller.id, { title: 'Named Valorant account', status: 'active' })).id;
    // Hidden first: disabling the seller would hide it too.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listingId}/hide`,
      headers: adminSession.headers,
      payload: { reason: 'Screenshots look edited' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${seller.id}/disable`,
      headers: adminSession.headers,
      payload: {},
    });
    const items = (await get('/api/admin/audit?limit=50')).json().items as Array<Record<string, unknown>>;
    expect(items.find((e) => e.targetId === seller.id)).toMatchObject({
      targetType: 'user',
      targetName: 'Named Seller',
    });
    expect(items.find((e) => e.targetId === listingId)).toMatchObject({
      targetType: 'listing',
      targetName: 'Named Valorant account',
    });
    // An order is named by its listing's title.
    const buyer = await createUser(ctx, { role: 'buyer' });
    const order = await insertOrderRow(ctx, { listingId, buyerId: buyer.id, sellerId: seller.id });
    await adminTransaction(ctx.db, admin.id, (trx) =>
      recordAudit(
        trx,
        { actorId: admin.id, action: 'order.credentials_reveal', targetType: 'order', targetId: order.id },
        ctx.clock.now(),
      ),
    );
    const orders = (await get('/api/admin/audit?targetType=order')).json().items as Array<Record<string, unknown>>;
    expect(orders.find((e) => e.targetId === order.id)).toMatchObject({ targetName: 'Named Valorant account' });
    await ctx.db.deleteFrom('orders').where('id', '=', order.id).execute();
    await ctx.db.deleteFrom('listings').where('id', '=', listingId).execute();
    const after = (await get('/api/admin/audit?targetType=listing')).json().items as Array<Record<string, unknown>>;
    expect(after.find((e) => e.targetId === listingId)).toMatchObject({ targetName: null });
  });
});
