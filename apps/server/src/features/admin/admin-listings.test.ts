import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { auditRows, insertConversation, insertListing, insertMessage, insertReport } from './admin-test-fixtures';

let ctx: TestContext;
let admin: { id: string };
let adminSession: Session;
let seller: { id: string; email: string };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: admin, session: adminSession } = await userWithSession(ctx, 'admin'));
  seller = await createUser(ctx, { role: 'seller', displayName: 'Listing Seller' });
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: adminSession.headers, ...(payload !== undefined ? { payload } : {}) });
const row = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'statusBeforeHidden', 'hiddenReason'])
    .where('id', '=', id)
    .executeTakeFirst();

describe('GET /api/admin/listings', () => {
  it('lists every status, searches title and seller, filters and pages by keyset', async () => {
    const tag = `lq${Date.now().toString(36)}`;
    const made = [];
    for (const status of ['draft', 'active', 'sold', 'hidden'] as const) {
      ctx.clock.advance(1000);
      made.push(
        await insertListing(ctx, seller.id, {
          title: `${tag} ${status} account`,
          status,
          hiddenReason: status === 'hidden' ? 'Spam' : null,
        }),
      );
    }
    const buyer = await createUser(ctx);
    await insertConversation(ctx, made[1].id, buyer.id, seller.id);
    await insertReport(ctx, { targetType: 'listing', targetId: made[1].id, reporterId: buyer.id });

    const first = await inject('GET', `/api/admin/listings?q=${tag}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((l: { status: string }) => l.status)).toEqual(['hidden', 'sold', 'active']);
    expect(first.json().items[2]).toMatchObject({
      sellerId: seller.id,
      sellerName: 'Listing Seller',
      sellerEmail: seller.email,
      conversationCount: 1,
      openReportCount: 1,
      sellerDeleted: false,
    });
    expect(first.json().items[0]).toMatchObject({ hiddenReason: 'Spam' });
    const second = await inject('GET', `/api/admin/listings?q=${tag}&limit=3&cursor=${first.json().nextCursor}`);
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ id: made[0].id, status: 'draft' })],
      nextCursor: null,
    });

    expect(
      (await inject('GET', `/api/admin/listings?q=${tag}&status=sold`)).json().items.map((l: { id: string }) => l.id),
    ).toEqual([made[2].id]);
    expect(
      (await inject('GET', `/api/admin/listings?q=listing%20seller&sellerId=${seller.id}&limit=100`)).json().items
        .length,
    ).toBeGreaterThanOrEqual(4);
    const bad = await inject('GET', '/api/admin/listings?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe('Status must be one of: draft, active, reserved, sold, hidden');
  });
});

describe('hide and unhide', () => {
  it('hides with a reason the seller sees, unhides back to the earlier status, and audits both', async () => {
    const listing = await insertListing(ctx, seller.id, { status: 'reserved' });
    const short = await inject('POST', `/api/admin/listings/${listing.id}/hide`, { reason: ' x ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe('Please give the seller a reason (at least 3 characters)');

    const hidden = await inject('POST', `/api/admin/listings/${listing.id}/hide`, {
      reason: '  Misleading screenshots  ',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Misleading screenshots',
      statusBeforeHidden: 'reserved',
    });
    expect(await row(listing.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'reserved',
      hiddenReason: 'Misleading screenshots',
    });
    expect(
      (await inject('POST', `/api/admin/listings/${listing.id}/hide`, { reason: 'Again please' })).json().error.message,
    ).toBe(ADMIN_MESSAGES.alreadyHidden);
    // The seller hears of it by mail, with the reason (once: the refused second hide sends nothing).
    const hiddenMails = (await ctx.mailsTo(seller.email)).filter((m) => m.subject.includes(listing.title));
    expect(hiddenMails.map((m) => m.subject)).toEqual([`Your listing was hidden: ${listing.title}`]);
    expect(hiddenMails[0]!.text).toContain(
      `"${listing.title}" is no longer shown to buyers.\nReason: Misleading screenshots`,
    );

    ctx.clock.advance(1000);
    const shown = await inject('POST', `/api/admin/listings/${listing.id}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(await row(listing.id)).toEqual({ status: 'reserved', statusBeforeHidden: null, hiddenReason: null });
    expect((await inject('POST', `/api/admin/listings/${listing.id}/unhide`)).json().error.message).toBe(
      ADMIN_MESSAGES.notHidden,
    );
    expect((await ctx.lastMail(seller.email))?.subject).toBe(`Your listing is shown again: ${listing.title}`);
    const audit = (await auditRows(ctx, listing.id)).map((e) => [e.actorId, e.action, JSON.parse(e.details)]);
    expect(audit).toEqual([
      [admin.id, 'listing.hide', { reason: 'Misleading screenshots', from: 'reserved' }],
      [admin.id, 'listing.unhide', { to: 'reserved', reason: 'Misleading screenshots' }],
    ]);
  });

  it("will not unhide a deleted seller's listing", async () => {
    const gone = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, gone.id);
    await inject('POST', `/api/admin/users/${gone.id}/delete`, {});
    const res = await inject('POST', `/api/admin/listings/${listing.id}/unhide`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ADMIN_MESSAGES.sellerDeleted);
  });

  it("will not show a disabled seller's listing again, hidden by a moderator before the account was disabled", async () => {
    const suspended = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, suspended.id, { status: 'active' });
    expect(
      (await inject('POST', `/api/admin/listings/${listing.id}/hide`, { reason: 'Stolen account' })).statusCode,
    ).toBe(200);
    expect((await inject('POST', `/api/admin/users/${suspended.id}/disable`, {})).statusCode).toBe(200);
    const res = await inject('POST', `/api/admin/listings/${listing.id}/unhide`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "The seller's account is disabled. Enable the account before showing this listing again.",
    );
    expect(await row(listing.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Stolen account',
    });
    // The admin list says why, so the Unhide action can be greyed out.
    const listed = (await inject('GET', `/api/admin/listings?sellerId=${suspended.id}`)).json().items;
    expect(listed.map((l: { sellerDisabled: boolean }) => l.sellerDisabled)).toEqual([true]);
  });

  it('answers 404 for an unknown listing', async () => {
    for (const [url, body] of [
      ['hide', { reason: 'Spam listing' }],
      ['unhide', undefined],
      ['delete', {}],
    ] as const) {
      const res = await inject('POST', `/api/admin/listings/no-such-listing/${url}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.listingNotFound);
    }
  });
});

describe('POST /api/admin/listings/:id/delete', () => {
  it('deletes softly: the listing leaves every list, its conversations, messages and images keep pointing at it', async () => {
    const listing = await insertListing(ctx, seller.id, { title: 'Soon deleted listing' });
    const buyer = await createUser(ctx);
    const conversationId = await insertConversation(ctx, listing.id, buyer.id, seller.id);
    await insertMessage(ctx, conversationId, buyer.id, 1, 'Is it still available?');
    await ctx.db
      .insertInto('listingImages')
      .values({
        id: `img-${listing.id}`,
        listingId: listing.id,
        position: 0,
        url: '/u/a.webp',
        thumbUrl: '/u/a-t.webp',
        width: 10,
        height: 10,
        createdAt: 1,
      })
      .execute();

    const res = await inject('POST', `/api/admin/listings/${listing.id}/delete`, {
      reason: 'Duplicate of another listing',
    });
    expect(res.statusCode).toBe(200);
    const removed = await ctx.lastMail(seller.email);
    expect(removed?.subject).toBe(`Your listing was removed: ${listing.title}`);
    expect(removed?.text).toContain('Reason: Duplicate of another listing');
    expect(res.json()).toMatchObject({
      id: listing.id,
      deletedAt: ctx.clock.now(),
      conversationCount: 1,
      status: 'active',
    });
    expect(
      await ctx.db.selectFrom('conversations').select('listingId').where('id', '=', conversationId).executeTakeFirst(),
    ).toEqual({ listingId: listing.id });
    expect(
      await ctx.db.selectFrom('messages').select('body').where('conversationId', '=', conversationId).execute(),
    ).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('listingImages').select('id').where('listingId', '=', listing.id).execute(),
    ).toHaveLength(1);
    const [entry] = await auditRows(ctx, listing.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'listing.delete' });
    expect(JSON.parse(entry.details)).toEqual({
      reason: 'Duplicate of another listing',
      title: 'Soon deleted listing',
      sellerId: seller.id,
      conversations: 1,
    });

    const ids = async (q: string) =>
      (await inject('GET', `/api/admin/listings?sellerId=${seller.id}&limit=100${q}`))
        .json()
        .items.map((l: { id: string }) => l.id);
    expect(await ids('&deleted=yes')).toEqual([listing.id]);
    expect(await ids('&deleted=no')).not.toContain(listing.id);
    expect(await ids('')).toContain(listing.id);

    const again = await inject('POST', `/api/admin/listings/${listing.id}/delete`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.listingAlreadyDeleted);
    expect(
      (await inject('POST', `/api/admin/listings/${listing.id}/hide`, { reason: 'Too late' })).json().error.message,
    ).toBe(ADMIN_MESSAGES.listingDeleted);
  });
});
