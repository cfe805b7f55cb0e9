import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { createTestApp, createUser, insertDeletedUser, userWithSession, type TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  fund,
  markPaid,
  orderUpTo,
  withPayoutDetails,
  type Party,
  partyWithSession,
} from './orders-test-helpers';

/** What waits for an admin's action: the counts on the Admin link and the mails that lead to it (decision 186). */
let ctx: TestContext;
let admin: Party & { email: string };
let other: Party & { email: string };
const idle: string[] = [];
const URL = 'https://market.example';
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: URL });
  const a = await userWithSession(ctx, 'admin');
  const b = await userWithSession(ctx, 'admin');
  admin = { id: a.user.id, session: a.session, email: a.user.email };
  other = { id: b.user.id, session: b.session, email: b.user.email };
  // A disabled admin and a deleted one are told nothing.
  idle.push((await createUser(ctx, { role: 'admin', disabled: true })).email);
  const gone = await createUser(ctx, { role: 'admin' });
  await insertDeletedUser(ctx.db, gone);
  idle.push(gone.email);
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const none = {
  disputes: 0,
  payouts: 0,
  chargebacks: 0,
  chargebacksToRecover: 0,
  refusedRefunds: 0,
  refundedPaymentDisputes: 0,
  listingReviews: 0,
  reports: { listing: 0, conversation: 0, user: 0 },
};
const waiting = async (who: Party = admin) => {
  const res = await call(ctx, who, 'GET', '/api/admin/waiting');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const subjects = async (email: string) => (await ctx.mailsTo(email)).map((m) => m.subject);
const expectOk = async (p: ReturnType<typeof call>) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('what waits for an admin', () => {
  it('counts a dispute from its opening to its decision, and mails each admin who may decide it once', async () => {
    expect(await waiting()).toEqual(none);
    const deal = await arrangeDeal(ctx, { title: 'Diamond rank' });
    const id = await orderUpTo(ctx, deal, 'delivered');
    await expectOk(call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The password was wrong.' }));
    expect(await waiting()).toEqual({ ...none, disputes: 1 });
    expect(await waiting(other)).toEqual({ ...none, disputes: 1 });

    for (const to of [admin.email, other.email]) {
      const mails = (await ctx.mailsTo(to)).filter((m) => m.subject.startsWith('A dispute waits'));
      expect(mails.map((m) => m.subject)).toEqual(['A dispute waits for your decision: Diamond rank']);
      expect(mails[0]!.text).toContain('The buyer disputed the order ($100.00). Their reason: The password was wrong.');
      expect(mails[0]!.text).toContain(`Open the order: ${URL}/admin/orders/${id}`);
      expect(mails[0]!.text).toContain(
        'You get this email because you are an admin on Accountry. You can turn these emails off in your profile: ' +
          `${URL}/profile`,
      );
      expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/^<.*\/api\/email\/unsubscribe\?token=.+>$/);
    }
    for (const to of idle) expect(await subjects(to)).toEqual([]);
    // The parties hear of their dispute as they did; no admin mail reaches them.
    expect(await subjects(deal.buyer.email)).not.toContain('A dispute waits for your decision: Diamond rank');

    await expectOk(
      call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
        outcome: 'release',
        reason: 'The account works as described.',
      }),
    );
    expect(await waiting()).toEqual(none);
  });

  it('leaves out the admin who is a party to the dispute', async () => {
    const deal = await arrangeDeal(ctx, { title: 'Own purchase' }, 'admin');
    const id = await orderUpTo(ctx, deal, 'delivered');
    await expectOk(call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Not as described.' }));
    const subject = 'A dispute waits for your decision: Own purchase';
    expect(await subjects(deal.buyer.email)).not.toContain(subject);
    expect(await subjects(admin.email)).toContain(subject);
    expect(await waiting()).toEqual({ ...none, disputes: 1 });
    await expectOk(
      call(ctx, other, 'POST', `/api/admin/orders/${id}/decision`, {
        outcome: 'refund',
        reason: 'The account was not as described.',
      }),
    );
    expect(await waiting()).toEqual(none);
  });

  it('counts a payout request until it is decided, and mails every admin but the member who asked', async () => {
    const asking = await partyWithSession(ctx, 'admin', { displayName: 'Ada Admin' });
    await fund(ctx, asking.id, 10_000);
    await withPayoutDetails(ctx, asking);
    const asked = await call(ctx, asking, 'POST', '/api/wallet/payouts', { amountCents: 4_000 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(await waiting()).toEqual({ ...none, payouts: 1 });

    const subject = 'A payout of $40.00 was requested';
    expect(await subjects(asking.email)).not.toContain(subject);
    for (const to of [admin.email, other.email]) {
      const mails = (await ctx.mailsTo(to)).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Ada Admin asked for a payout of $40.00. Send it or reject it.');
      expect(mails[0]!.text).toContain(`Open the payouts: ${URL}/admin/payouts`);
    }
    for (const to of idle) expect(await subjects(to)).toEqual([]);

    const payoutId = asked.body.id as string;
    await expectOk(markPaid(ctx, admin, payoutId));
    expect(await waiting()).toEqual(none);
  });

  it('counts open reports by kind, without mail, until they are taken up', async () => {
    const before = (await ctx.mailsTo(admin.email)).length;
    const deal = await arrangeDeal(ctx);
    const reported = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/report`, {
      reason: 'misleading',
      message: 'The rank shown is not the real one.',
    });
    expect(reported.status).toBe(201);
    const now = ctx.clock.now();
    // One open report per member and target: the second report of the seller is another member's.
    const other = (await userWithSession(ctx, 'buyer')).user.id;
    const report = (targetType: 'user' | 'conversation', status = 'open', reporterId = deal.buyer.id) => ({
      id: newId(),
      targetType,
      targetId: deal.seller.id,
      reporterId,
      reason: 'scam',
      message: '',
      status,
      note: '',
      createdAt: now,
      updatedAt: now,
    });
    await ctx.db
      .insertInto('reports')
      .values([report('user'), report('user', 'open', other), report('conversation', 'in_progress')] as never)
      .execute();
    expect(await waiting()).toEqual({ ...none, reports: { listing: 1, conversation: 0, user: 2 } });

    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${reported.body.id as string}`,
      headers: (await userWithSession(ctx, 'admin')).session.headers,
      payload: { status: 'resolved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await waiting()).toEqual({ ...none, reports: { listing: 0, conversation: 0, user: 2 } });
    expect(await ctx.mailsTo(admin.email)).toHaveLength(before);
    await ctx.db.deleteFrom('reports').where('status', '=', 'open').execute();
  });

  it('mails no admin who turned these mails off, and still counts the work for them', async () => {
    const off = await call(ctx, other, 'PUT', '/api/profile/email-preferences', {
      unreadMessages: true,
      adminWaiting: false,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const deal = await arrangeDeal(ctx, { title: 'Quiet dispute' });
    const id = await orderUpTo(ctx, deal, 'delivered');
    await expectOk(call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'It does not work.' }));
    const subject = 'A dispute waits for your decision: Quiet dispute';
    expect(await subjects(admin.email)).toContain(subject);
    expect(await subjects(other.email)).not.toContain(subject);
    expect(await waiting(other)).toEqual({ ...none, disputes: 1 });

    // Turned on again, the next task is mailed.
    const on = await call(ctx, other, 'PUT', '/api/profile/email-preferences', {
      unreadMessages: true,
      adminWaiting: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const next = await arrangeDeal(ctx, { title: 'Loud dispute' });
    const nextId = await orderUpTo(ctx, next, 'delivered');
    await expectOk(call(ctx, next.buyer, 'POST', `/api/orders/${nextId}/dispute`, { reason: 'It does not work.' }));
    expect(await subjects(other.email)).toContain('A dispute waits for your decision: Loud dispute');
  });

  it('answers admins only', async () => {
    const s = await userWithSession(ctx, 'both');
    const member = await call(ctx, { id: s.user.id, session: s.session }, 'GET', '/api/admin/waiting');
    expect([member.status, member.body.error?.message]).toEqual([403, 'You do not have permission to do this.']);
    expect(member.body).not.toHaveProperty('disputes');
    const anonymous = await call(ctx, null, 'GET', '/api/admin/waiting');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toHaveProperty('disputes');
  });
});
