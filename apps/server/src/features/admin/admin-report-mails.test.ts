import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertConversation, insertListing } from './admin-test-fixtures';

let ctx: TestContext;
let admin: { id: string; email: string };
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: admin, session: adminSession } = await userWithSession(ctx, 'admin'));
});
afterAll(() => ctx.close());

const review = (id: string, payload: object, session = adminSession) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/reports/${id}`, headers: session.headers, payload });

describe('the member who reported hears that an admin resolved it', () => {
  it('a listing report: one mail when resolved, without the admins’ note, none while it is worked on', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, seller.id, { title: 'Reported Fortnite account' });
    const { user: reporter, session } = await userWithSession(ctx);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/report`,
      headers: session.headers,
      payload: { reason: 'stolen', message: 'This is my old account.' },
    });
    expect(filed.statusCode).toBe(201);
    const reportId = (await ctx.db.selectFrom('reports').select('id').where('targetId', '=', listing.id).execute())[0]!
      .id;

    expect((await review(reportId, { status: 'in_progress', note: 'Asked the seller' })).statusCode).toBe(200);
    expect(await ctx.mailsTo(reporter.email)).toEqual([]);

    const note = 'Seller is a repeat offender';
    expect((await review(reportId, { status: 'resolved', note })).statusCode).toBe(200);
    const mails = await ctx.mailsTo(reporter.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your report was reviewed: Reported Fortnite account']);
    expect(mails[0]!.text).toContain(
      `Open the listing: ${ctx.deps.config.publicUrl}/account/${seller.id}/${listing.id}`,
    );
    expect(mails[0]!.text).not.toContain(note);
    expect(mails[0]!.html).toContain('Thank you for your report');
    // A note changed on a resolved report is the admins' own business: no second mail.
    expect((await review(reportId, { note: 'Closed' })).statusCode).toBe(200);
    expect(await ctx.mailsTo(reporter.email)).toHaveLength(1);
    expect(await ctx.mailsTo(seller.email)).toEqual([]);
    expect(await ctx.mailsTo(admin.email)).toEqual([]);
  });

  it('a listing no longer on the site is not named as it is now, nor linked: it is its seller’s again', async () => {
    for (const gone of [{ status: 'hidden' as const }, { status: 'draft' as const }, { deletedAt: 1 }]) {
      const seller = await createUser(ctx, { role: 'seller' });
      const listing = await insertListing(ctx, seller.id, { title: 'Reported Apex account' });
      const { user: reporter, session } = await userWithSession(ctx);
      const filed = await ctx.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/report`,
        headers: session.headers,
        payload: { reason: 'stolen' },
      });
      expect(filed.statusCode).toBe(201);
      const renamed = { ...gone, title: 'Relisted privately for $900' };
      await ctx.db.updateTable('listings').set(renamed).where('id', '=', listing.id).execute();
      expect((await review(filed.json().id, { status: 'resolved' })).statusCode).toBe(200);
      const mail = await ctx.lastMail(reporter.email);
      expect(mail?.subject, JSON.stringify(gone)).toBe('Your report was reviewed: your report');
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain('the listing you reported');
        expect(part).not.toContain('Relisted privately');
        expect(part).not.toContain(`/account/${seller.id}/${listing.id}`);
      }
    }
  });

  it('a conversation report links to the conversation', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, seller.id, { title: 'Chat about a Steam account' });
    const { user: buyer, session } = await userWithSession(ctx);
    const conversationId = await insertConversation(ctx, listing.id, buyer.id, seller.id);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/report`,
      headers: session.headers,
      payload: { reason: 'scam', details: 'Wants payment outside.' },
    });
    expect(filed.statusCode).toBe(201);
    expect((await review(filed.json().id, { status: 'resolved' })).statusCode).toBe(200);
    const mail = await ctx.lastMail(buyer.email);
    expect(mail?.subject).toBe('Your report was reviewed: Chat about a Steam account');
    expect(mail?.text).toContain(`Open the conversation: ${ctx.deps.config.publicUrl}/chat?c=${conversationId}`);
  });

  it('an admin who resolves their own report is not mailed about it', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const listing = await insertListing(ctx, seller.id, { title: 'Seen by an admin' });
    const filed = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/report`,
      headers: adminSession.headers,
      payload: { reason: 'scam' },
    });
    expect(filed.statusCode).toBe(201);
    const reportId = (await ctx.db.selectFrom('reports').select('id').where('targetId', '=', listing.id).execute())[0]!
      .id;
    expect((await review(reportId, { status: 'resolved' })).statusCode).toBe(200);
    expect(await ctx.mailsTo(admin.email)).toEqual([]);
  });
});
