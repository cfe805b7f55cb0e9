import { describe, expect, it } from 'vitest';
import { createUser, type Session, type TestContext } from '../../test/test-app';
import { insertListing, useAdminTestApp } from './admin-test-fixtures';

/**
 * Unhiding returns a listing to the status it had (decision 062): a draft goes back to being a draft, which no buyer
 * sees, so its seller is not told it is visible to buyers again.
 */
let ctx: TestContext;
let adminSession: Session;

useAdminTestApp((c, session) => {
  ctx = c;
  adminSession = session;
});

const post = (url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: adminSession.headers, payload });

describe('unhiding a listing that was a draft', () => {
  it('mails the seller that it is a draft again, not that buyers see it', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, seller.id, { status: 'draft' });
    expect((await post(`/api/admin/listings/${listing.id}/hide`, { reason: 'Stolen screenshots' })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(1000);
    const shown = await post(`/api/admin/listings/${listing.id}/unhide`);
    expect([shown.statusCode, shown.json().status]).toEqual([200, 'draft']);

    const mail = await ctx.lastMail(seller.email);
    expect(mail?.subject).toBe(`Your listing is no longer hidden: ${listing.title}`);
    expect(mail?.text).not.toContain('visible to buyers');
    expect(mail?.text).toContain(
      `A moderator lifted the hiding of "${listing.title}". It is a draft: buyers see it once you publish it.`,
    );
  });

  it('one that was for sale is still said to be shown again', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, seller.id, { status: 'active' });
    expect((await post(`/api/admin/listings/${listing.id}/hide`, { reason: 'Checking the seller' })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(1000);
    expect((await post(`/api/admin/listings/${listing.id}/unhide`)).statusCode).toBe(200);
    const mail = await ctx.lastMail(seller.email);
    expect(mail?.subject).toBe(`Your listing is shown again: ${listing.title}`);
    expect(mail?.text).toContain(`A moderator made "${listing.title}" visible to buyers again.`);
  });
});
