import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing } from './admin-test-fixtures';

let ctx: TestContext;
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  adminSession = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object = {}, session = adminSession) =>
  ctx.app.inject({ method: 'POST', url, headers: session.headers, payload });
const listing = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'statusBeforeHidden', 'hiddenReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('disabling a seller', () => {
  it('takes their listings off the market until they are enabled again, leaving moderated ones as they were', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const { session: visitor } = await userWithSession(ctx, 'buyer');
    const active = await insertListing(ctx, seller.id, { status: 'active' });
    const reserved = await insertListing(ctx, seller.id, { status: 'reserved' });
    const moderated = await insertListing(ctx, seller.id, {
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Stolen account',
    });

    expect((await post(`/api/admin/users/${seller.id}/disable`, { reason: 'Fraud suspected' })).statusCode).toBe(200);
    const hiddenReason = "Hidden because the seller's account is disabled.";
    expect(await listing(active.id)).toEqual({ status: 'hidden', statusBeforeHidden: 'active', hiddenReason });
    expect(await listing(reserved.id)).toEqual({ status: 'hidden', statusBeforeHidden: 'reserved', hiddenReason });
    expect((await listing(moderated.id)).hiddenReason).toBe('Stolen account');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/listings/${active.id}`, headers: visitor.headers });
    expect(detail.statusCode).toBe(404);

    expect((await post(`/api/admin/users/${seller.id}/enable`)).statusCode).toBe(200);
    expect(await listing(active.id)).toEqual({ status: 'active', statusBeforeHidden: null, hiddenReason: null });
    expect(await listing(reserved.id)).toEqual({ status: 'reserved', statusBeforeHidden: null, hiddenReason: null });
    expect(await listing(moderated.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Stolen account',
    });
  });
});
