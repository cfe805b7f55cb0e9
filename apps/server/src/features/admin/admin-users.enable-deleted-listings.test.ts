import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { auditRows, insertListing } from './admin-test-fixtures';

/**
 * Enabling (or restoring) an account brings back the listings its closing hid. A listing an admin deleted while the
 * account was disabled stays as it was, and the enable's audit entry counts only the listings that came back.
 */
let ctx: TestContext;
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  adminSession = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: adminSession.headers, payload });

describe('enabling a seller whose hidden listing an admin deleted meanwhile', () => {
  it('leaves the deleted listing as it was and audits only the listings that came back', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const kept = await insertListing(ctx, seller.id, { status: 'active' });
    const removed = await insertListing(ctx, seller.id, { status: 'active' });
    expect((await post(`/api/admin/users/${seller.id}/disable`, { reason: 'Fraud suspected' })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await post(`/api/admin/listings/${removed.id}/delete`, { reason: 'Stolen account' })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await post(`/api/admin/users/${seller.id}/enable`)).statusCode).toBe(200);

    const row = await ctx.db
      .selectFrom('listings')
      .select(['status', 'deletedAt'])
      .where('id', '=', removed.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('hidden');
    const enable = (await auditRows(ctx, seller.id)).find((a) => a.action === 'user.enable')!;
    expect(JSON.parse(enable.details)).toMatchObject({ restoredListings: 1 });
    const back = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(back.status).toBe('active');
  });
});
