import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { mailTo } from '../../test/two-factor-helpers';
import { ESCROW, PLATFORM_FEE, availableAccount } from '../../lib/ledger';
import {
  arrangeDeal,
  balance,
  call,
  expectLedgerHealthy,
  markPaid,
  orderUpTo,
  sweep,
  withPayoutDetails,
  type Party,
  partyWithSession,
} from './orders-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await partyWithSession(ctx, 'admin', { displayName: 'Ada Admin' });
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;
const D = 24 * H;
const reason = 'The seller took the account back after two days.';

async function disputed(protection = false) {
  const deal = await arrangeDeal(ctx, { priceCents: 10_000, protectionDays: 14 });
  const id = await orderUpTo(ctx, deal, protection ? 'protection' : 'delivered');
  if (protection) ctx.clock.advance(4 * D);
  const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason });
  expect(res.status).toBe(200);
  return { deal, id, res };
}

describe('disputes', () => {
  it('pauses the protection clock, takes statements from both sides, and a release resumes it', async () => {
    const { deal, id, res } = await disputed(true);
    expect(res.body).toMatchObject({
      status: 'disputed',
      dueAt: null,
      dispute: { reason, sellerAnswerDueAt: ctx.clock.now() + 24 * H, pausedRemainingMs: 10 * D },
    });
    await ctx.deliverMail();
    expect(ctx.mailer.sent.filter((m) => m.subject.startsWith('A dispute was opened'))).toHaveLength(2);
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute/statements`, { body: 'I lost access on Monday.' });
    ctx.clock.advance(60_000);
    await call(ctx, deal.seller, 'POST', `/api/orders/${id}/dispute/statements`, { body: 'I did not touch it.' });
    const thread = await call(ctx, admin, 'GET', `/api/orders/${id}/dispute/statements`);
    expect(
      (thread.body.items as Array<{ authorRole: string; body: string }>).map((s) => [s.authorRole, s.body]),
    ).toEqual([
      ['buyer', 'I lost access on Monday.'],
      ['seller', 'I did not touch it.'],
    ]);

    ctx.clock.advance(30 * D);
    await sweep(ctx);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.status).toBe('disputed');

    const released = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: 'The login history shows the buyer changed the password.',
    });
    expect(released.body).toMatchObject({
      status: 'protection',
      dueAt: ctx.clock.now() + 10 * D,
      decision: { outcome: 'release', reason: 'The login history shows the buyer changed the password.' },
    });
    const audit = await ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['order.release']);
  });

  it('a full refund returns the price to the buyer; the order cannot be reviewed', async () => {
    const { deal, id } = await disputed();
    const escrow = await balance(ctx, ESCROW);
    const res = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'The credentials never worked.',
    });
    expect(res.body).toMatchObject({ status: 'refunded', refundedCents: 10_000, canReview: false });
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
    expect(escrow - (await balance(ctx, ESCROW))).toBe(10_000);
    const buyerView = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(buyerView.body.decision).toMatchObject({ outcome: 'refund', reason: 'The credentials never worked.' });
  });

  it('a partial refund splits the price; more than the price is refused', async () => {
    const { deal, id } = await disputed();
    const tooMuch = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'partial_refund',
      refundCents: 10_001,
      reason: 'Half of the skins were missing.',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error?.message).toBe('The refund cannot be larger than the price of the order.');
    const fees = await balance(ctx, PLATFORM_FEE);
    const res = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'partial_refund',
      refundCents: 4_000,
      reason: 'Half of the skins were missing.',
    });
    expect(res.body).toMatchObject({ status: 'refunded', refundedCents: 4_000, feeCents: 300 });
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(44_000);
    expect(await balance(ctx, availableAccount(deal.seller.id))).toBe(5_700);
    expect((await balance(ctx, PLATFORM_FEE)) - fees).toBe(300);
  });

  it('only admins decide; admins may reveal credentials of a disputed order, audited', async () => {
    const { deal, id } = await disputed();
    const bySeller = await call(ctx, deal.seller, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: 'I decide for myself, thanks.',
    });
    expect(bySeller.status).toBe(403);
    const revealed = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/credentials/reveal`);
    expect(revealed.body).toMatchObject({ login: 'valorant_king' });
    const audit = await ctx.db.selectFrom('auditLog').select('action').where('targetId', '=', id).execute();
    expect(audit.map((a) => a.action)).toContain('order.credentials_reveal');
    const list = await call(ctx, admin, 'GET', '/api/admin/orders?status=all');
    expect((list.body.items as Array<{ status: string }>)[0]?.status).toBe('disputed');
    expect(JSON.stringify(list.body)).not.toContain('valorant_king');
  });

  it('a disabled buyer’s open dispute stays decidable by admins', async () => {
    const { deal, id } = await disputed();
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', deal.buyer.id).execute();
    const res = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'Refunded after review of the evidence.',
    });
    expect(res.body.status).toBe('refunded');
  });
});

describe('wallet, payouts and credits', () => {
  it('a seller withdraws; the amount is held, then paid or rejected; refusals change nothing', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    const credit = await call(ctx, admin, 'POST', `/api/admin/users/${seller.id}/balance-credits`, {
      amountCents: 20_000,
      reason: 'Bank transfer 2026-11-23',
      requestId: newCreditRequestId(),
    });
    expect(credit.body).toMatchObject({ availableCents: 20_000 });
    await withPayoutDetails(ctx, seller);
    const tooMuch = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 20_001 });
    expect(tooMuch).toMatchObject({
      status: 409,
      body: { error: { message: 'A payout cannot be larger than your available balance.' } },
    });
    const tooSmall = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 999 });
    expect(tooSmall.body.error?.message).toBe('The smallest payout is $10.00.');
    const first = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 15_000 });
    expect(first.body).toMatchObject({ amountCents: 15_000, status: 'open' });
    expect((await call(ctx, seller, 'GET', '/api/wallet')).body).toMatchObject({
      availableCents: 5_000,
      heldCents: 15_000,
    });
    const payoutId = first.body.id as string;
    const open = await call(ctx, admin, 'GET', '/api/admin/payouts?status=open');
    expect((open.body.items as Array<{ id: string }>).map((p) => p.id)).toContain(payoutId);
    await call(ctx, admin, 'POST', `/api/admin/payouts/${payoutId}/reject`, { reason: 'Wrong IBAN' });
    // By subject: the payout details' mail was queued earlier, and one batch is not delivered in a set order.
    const rejected = await mailTo(ctx, seller.email, 'Your payout request of $150.00 was rejected');
    expect(rejected?.text).toContain('Reason: Wrong IBAN\nThe $150.00 is back in your available balance.');
    expect((await call(ctx, seller, 'GET', '/api/wallet')).body).toMatchObject({
      availableCents: 20_000,
      heldCents: 0,
    });
    const again = await markPaid(ctx, admin, payoutId);
    expect(again.body.error?.message).toBe('This payout has already been decided.');
    const second = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 20_000 });
    const secondId = second.body.id as string;
    await markPaid(ctx, admin, secondId);
    expect(await mailTo(ctx, seller.email, 'Your payout of $200.00 was sent')).toBeDefined();
    expect((await call(ctx, seller, 'GET', '/api/wallet')).body).toMatchObject({ availableCents: 0, heldCents: 0 });
    // Every step happened in the same millisecond here, so compare the lines without their order.
    const lines = await call(ctx, seller, 'GET', '/api/wallet/entries');
    const rows = (lines.body.items as Array<{ kind: string; availableCents: number; heldCents: number }>).map((l) =>
      [l.kind, l.availableCents, l.heldCents].join(' '),
    );
    expect(rows.sort()).toEqual(
      [
        'payout_paid 0 -20000',
        'payout_request -20000 20000',
        'payout_rejected 15000 -15000',
        'payout_request -15000 15000',
        'credit 20000 0',
      ].sort(),
    );
    const audit = await ctx.db.selectFrom('auditLog').select('action').where('targetId', '=', seller.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['balance.credit', 'payout.paid', 'payout.reject']);
    const negative = await call(ctx, admin, 'POST', `/api/admin/users/${seller.id}/balance-credits`, {
      amountCents: -1,
      reason: 'Correction',
      requestId: newCreditRequestId(),
    });
    expect(negative.body.error?.message).toBe('This correction would make the balance negative.');
  });

  it('the admin figures show disputes, escrow, fees and a healthy ledger', async () => {
    const res = await call(ctx, admin, 'GET', '/api/admin/orders-figures');
    expect(res.body).toMatchObject({ ledgerHealthy: true, ledgerProblems: [] });
    expect(res.body.escrowHeldCents).toBe(await balance(ctx, ESCROW));
    const buyer = await userWithSession(ctx, 'buyer');
    expect(
      (await call(ctx, { id: buyer.user.id, session: buyer.session }, 'GET', '/api/admin/orders-figures')).status,
    ).toBe(403);
  });
});
