import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing } from './admin-test-fixtures';

/**
 * Enabling or restoring an account brings back only what its closing hid (decision 169). An admin's own hide stays,
 * even when the admin typed the very words the site uses for a closed account's listings.
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
const statusOf = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe("an admin's hide in the words of an account's closing", () => {
  it.each([
    ['disabled then enabled', 'disable', 'enable', "Hidden because the seller's account is disabled."],
    ['deleted then restored', 'delete', 'restore', "Hidden because the seller's account was deleted."],
  ])('stays hidden when the seller is %s', async (_, close, reopen, reason) => {
    const seller = await createUser(ctx, { role: 'seller' });
    const moderated = await insertListing(ctx, seller.id, { status: 'active' });
    const other = await insertListing(ctx, seller.id, { status: 'active' });
    expect((await post(`/api/admin/listings/${moderated.id}/hide`, { reason })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await post(`/api/admin/users/${seller.id}/${close}`, { reason: 'Checking' })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await post(`/api/admin/users/${seller.id}/${reopen}`)).statusCode).toBe(200);

    expect(await statusOf(other.id)).toBe('active');
    expect(await statusOf(moderated.id)).toBe('hidden');
  });
});
