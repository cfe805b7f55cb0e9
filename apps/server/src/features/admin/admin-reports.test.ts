import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import {
  auditRows,
  insertConversation,
  insertFeedback,
  insertListing,
  insertMessage,
  insertReport,
} from './admin-test-fixtures';

let ctx: TestContext;
let admin: { id: string };
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: admin, session: adminSession } = await userWithSession(ctx, 'admin'));
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: adminSession.headers, ...(payload !== undefined ? { payload } : {}) });

describe('reports of listings, conversations and users', () => {
  it('lists each type with its target and reporter, and a conversation report shows the messages', async () => {
    const seller = await createUser(ctx, { role: 'seller', displayName: 'Rep Seller' });
    const buyer = await createUser(ctx, { displayName: 'Rep Buyer' });
    const listing = await insertListing(ctx, seller.id, { title: 'Reported Steam account' });
    const conversationId = await insertConversation(ctx, listing.id, buyer.id, seller.id);
    await insertMessage(ctx, conversationId, buyer.id, 1, 'Hi, is the email original?');
    await insertMessage(ctx, conversationId, seller.id, 2, 'Pay me outside the site and I will send it.');
    ctx.clock.advance(1000);
    const listingReport = await insertReport(ctx, {
      targetType: 'listing',
      targetId: listing.id,
      reporterId: buyer.id,
      reason: 'fake',
    });
    ctx.clock.advance(1000);
    const chatReport = await insertReport(ctx, {
      targetType: 'conversation',
      targetId: conversationId,
      reporterId: buyer.id,
      reason: 'off-platform payment',
      message: 'Asked me to pay outside.',
    });
    ctx.clock.advance(1000);
    const userReport = await insertReport(ctx, {
      targetType: 'user',
      targetId: seller.id,
      reporterId: buyer.id,
      reason: 'harassment',
    });
    ctx.clock.advance(1000);
    const orphan = await insertReport(ctx, { targetType: 'listing', targetId: 'gone-listing', reporterId: buyer.id });

    const listings = (await inject('GET', '/api/admin/reports?targetType=listing')).json();
    expect(listings.items.map((r: { id: string }) => r.id)).toEqual([orphan.id, listingReport.id]);
    expect(listings.items[1]).toMatchObject({
      reason: 'fake',
      status: 'open',
      reporter: { id: buyer.id, displayName: 'Rep Buyer' },
      target: {
        exists: true,
        label: 'Reported Steam account',
        owner: { id: seller.id, displayName: 'Rep Seller' },
        status: 'active',
        listingId: listing.id,
      },
    });
    expect(listings.items[0].target).toMatchObject({ exists: false, label: 'This listing no longer exists' });

    const chats = (await inject('GET', '/api/admin/reports?targetType=conversation')).json();
    expect(chats.items).toEqual([
      expect.objectContaining({
        id: chatReport.id,
        target: expect.objectContaining({
          label: 'Rep Buyer and Rep Seller about “Reported Steam account”',
          other: expect.objectContaining({ id: buyer.id }),
        }),
      }),
    ]);
    const users = (await inject('GET', '/api/admin/reports?targetType=user')).json();
    expect(users.items).toEqual([
      expect.objectContaining({
        id: userReport.id,
        target: expect.objectContaining({ label: 'Rep Seller', status: 'active' }),
      }),
    ]);

    const detail = await inject('GET', `/api/admin/reports/${chatReport.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ message: 'Asked me to pay outside.', moreMessages: false });
    expect(detail.json().messages.map((m: { senderName: string; body: string }) => [m.senderName, m.body])).toEqual([
      ['Rep Buyer', 'Hi, is the email original?'],
      ['Rep Seller', 'Pay me outside the site and I will send it.'],
    ]);
    expect((await inject('GET', `/api/admin/reports/${listingReport.id}`)).json()).toMatchObject({ messages: null });
  });

  it('sets status and note, audits the change, filters by status and counts by type', async () => {
    const reporter = await createUser(ctx);
    const report = await insertReport(ctx, { targetType: 'user', targetId: reporter.id, reporterId: reporter.id });
    const res = await inject('PATCH', `/api/admin/reports/${report.id}`, {
      status: 'in_progress',
      note: '  Asked the seller for proof.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', note: 'Asked the seller for proof.' });
    ctx.clock.advance(1000);
    await inject('PATCH', `/api/admin/reports/${report.id}`, { status: 'resolved' });
    expect(
      await ctx.db
        .selectFrom('reports')
        .select(['status', 'note'])
        .where('id', '=', report.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'resolved', note: 'Asked the seller for proof.' });
    // The same status and note again change nothing, and the audit log says nothing of it.
    const same = await inject('PATCH', `/api/admin/reports/${report.id}`, {
      status: 'resolved',
      note: 'Asked the seller for proof.',
    });
    expect(same.statusCode).toBe(200);
    expect((await auditRows(ctx, report.id)).map((e) => [e.actorId, e.action, JSON.parse(e.details)])).toEqual([
      [admin.id, 'report.review', { from: 'open', to: 'in_progress', note: 'Asked the seller for proof.' }],
      [admin.id, 'report.review', { from: 'in_progress', to: 'resolved' }],
    ]);
    const resolved = (await inject('GET', '/api/admin/reports?targetType=user&status=resolved')).json();
    expect(resolved.items.map((r: { id: string }) => r.id)).toEqual([report.id]);
    const counts = (await inject('GET', '/api/admin/reports/counts')).json();
    expect(counts.user).toEqual({ open: 1, in_progress: 0, resolved: 1 });
    expect(counts.listing.open).toBe(2);
  });

  it('does not reopen a report while the same member has another open one of the same target', async () => {
    const reporter = await createUser(ctx);
    const target = { targetType: 'user' as const, targetId: reporter.id, reporterId: reporter.id };
    const old = await insertReport(ctx, { ...target, status: 'resolved' });
    ctx.clock.advance(1000);
    await insertReport(ctx, target);
    for (const status of ['open', 'in_progress']) {
      const res = await inject('PATCH', `/api/admin/reports/${old.id}`, { status });
      expect([res.statusCode, res.json().error.message]).toEqual([
        409,
        'The same member has reported this again since, and that report is open. Review that one instead.',
      ]);
    }
    const row = await ctx.db.selectFrom('reports').select('status').where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('resolved');
    expect(await auditRows(ctx, old.id)).toEqual([]);
    // A note on the resolved one is still fine.
    expect((await inject('PATCH', `/api/admin/reports/${old.id}`, { note: 'Same as the new one.' })).statusCode).toBe(
      200,
    );
  });

  it('rejects bad review input and unknown reports', async () => {
    const reporter = await createUser(ctx);
    const report = await insertReport(ctx, { targetType: 'user', targetId: reporter.id, reporterId: reporter.id });
    const bad = await inject('PATCH', `/api/admin/reports/${report.id}`, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe('Status must be one of: open, in_progress, resolved');
    const empty = await inject('PATCH', `/api/admin/reports/${report.id}`, {});
    expect(empty.json().error.fields.status).toBe('Change the status or the note');
    const long = await inject('PATCH', `/api/admin/reports/${report.id}`, { note: 'x'.repeat(2001) });
    expect(long.json().error.fields.note).toBe('Keep the note under 2000 characters');
    expect((await inject('GET', '/api/admin/reports/nope')).statusCode).toBe(404);
    expect((await inject('PATCH', '/api/admin/reports/nope', { status: 'resolved' })).json().error.message).toBe(
      'Report not found',
    );
  });

  it('says a reported listing its seller or an admin deleted is deleted, not the status it had', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const buyer = await createUser(ctx);
    const listing = await insertListing(ctx, seller.id, { title: 'Deleted after the report' });
    const report = await insertReport(ctx, { targetType: 'listing', targetId: listing.id, reporterId: buyer.id });
    await ctx.db.updateTable('listings').set({ deletedAt: ctx.clock.now() }).where('id', '=', listing.id).execute();
    const detail = (await inject('GET', `/api/admin/reports/${report.id}`)).json();
    expect(detail.target).toMatchObject({ exists: true, label: 'Deleted after the report', status: 'deleted' });
  });
});

describe('rate-us submissions', () => {
  it('lists the feedback newest first and reviews it', async () => {
    const user = await createUser(ctx, { displayName: 'Happy Customer' });
    const older = await insertFeedback(ctx, { message: 'The chat is great.' });
    ctx.clock.advance(1000);
    const newer = await insertFeedback(ctx, { userId: user.id, message: 'Please add PayPal.' });
    const list = (await inject('GET', '/api/admin/feedback?status=open')).json();
    expect(list.items.map((f: { id: string }) => f.id)).toEqual([newer, older]);
    expect(list.items[0]).toMatchObject({
      userId: user.id,
      displayName: 'Happy Customer',
      rating: 4,
      category: 'suggestion',
      message: 'Please add PayPal.',
    });
    expect(list.items[1]).toMatchObject({ userId: null, displayName: null, email: 'visitor@example.test' });

    const res = await inject('PATCH', `/api/admin/feedback/${newer}`, { status: 'resolved', note: 'On the roadmap.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: newer, status: 'resolved', note: 'On the roadmap.' });
    await inject('PATCH', `/api/admin/feedback/${newer}`, { status: 'resolved' });
    expect((await auditRows(ctx, newer)).map((e) => e.action)).toEqual(['feedback.review']);
    expect(
      (await inject('GET', '/api/admin/feedback?status=open')).json().items.map((f: { id: string }) => f.id),
    ).toEqual([older]);
    expect((await inject('PATCH', '/api/admin/feedback/nope', { status: 'open' })).json().error.message).toBe(
      'Feedback not found',
    );
  });
});
