import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { ESCROW, PLATFORM_FEE, availableAccount } from '../../lib/ledger';
import { arrangeDeal, balance, call, expectLedgerHealthy, orderUpTo, sweep } from './orders-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;
const D = 24 * H;
const listingStatus = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('an order from buy now to completion', () => {
  it('reserves, pays into escrow, delivers, confirms, and pays the seller less the fee when protection ends', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, protectionDays: 5 });
    const created = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending_payment', priceCents: 10_000, actions: ['pay', 'cancel'] });
    expect(created.body.dueAt).toBe(ctx.clock.now() + 15 * 60_000);
    expect(await listingStatus(deal.listing.id)).toBe('reserved');
    const id = created.body.id as string;

    const paid = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ redirectUrl: null, order: { status: 'paid' } });
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(40_000);
    expect(await balance(ctx, ESCROW)).toBeGreaterThanOrEqual(10_000);
    await ctx.deliverMail();
    expect(
      ctx.mailer.sent
        .filter((m) => m.subject.startsWith('Order paid'))
        .map((m) => m.to)
        .sort(),
    ).toEqual([deal.buyer.email, deal.seller.email].sort());

    const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, {
      credentials: { login: 'valorant_king', password: 'S3cret-pass!', notes: 'Change the email first' },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', credentials: { delivered: true, reveals: [] } });
    expect(delivered.body.dueAt).toBe(ctx.clock.now() + 72 * H);
    expect(await listingStatus(deal.listing.id)).toBe('sold');
    // Never stored or mailed in the clear.
    const stored = await ctx.db
      .selectFrom('orders')
      .select('credentialsCipher')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.credentialsCipher).not.toContain('S3cret');
    await ctx.deliverMail();
    expect(ctx.mailer.sent.some((m) => m.text.includes('S3cret') || m.html.includes('S3cret'))).toBe(false);

    const revealed = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`);
    expect(revealed.body).toEqual({
      login: 'valorant_king',
      password: 'S3cret-pass!',
      emailAccess: '',
      recoveryCodes: '',
      notes: 'Change the email first',
    });
    const sellerView = await call(ctx, deal.seller, 'GET', `/api/orders/${id}`);
    expect(sellerView.body.credentials).toMatchObject({ reveals: [{ by: 'buyer', at: ctx.clock.now() }] });
    // The seller sees what the sale will pay them after the platform fee; the buyer never sees it.
    expect(sellerView.body.sellerReceivesCents).toBe(9_500);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.sellerReceivesCents).toBeNull();
    expect((await call(ctx, null, 'GET', '/api/fees')).body).toEqual({ platformFeePercent: 5 });
    expect((await call(ctx, deal.seller, 'POST', `/api/orders/${id}/credentials/reveal`)).status).toBe(403);

    const confirmed = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'protection', dueAt: ctx.clock.now() + 5 * D });

    const feesBefore = await balance(ctx, PLATFORM_FEE);
    ctx.clock.advance(5 * D);
    await sweep(ctx);
    const done = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(done.body).toMatchObject({ status: 'completed', feeCents: 500, canReview: true, dueAt: null });
    expect(await balance(ctx, availableAccount(deal.seller.id))).toBe(9_500);
    expect((await call(ctx, deal.seller, 'GET', `/api/orders/${id}`)).body.sellerReceivesCents).toBe(9_500);
    expect((await balance(ctx, PLATFORM_FEE)) - feesBefore).toBe(500);
    expect((done.body.history as Array<{ to: string }>).map((h) => h.to)).toEqual([
      'pending_payment',
      'paid',
      'delivered',
      'protection',
      'completed',
    ]);

    const profile = await call(ctx, deal.buyer, 'GET', `/api/sellers/${deal.seller.id}`);
    expect(profile.body).toMatchObject({ completedSales: 1, disputeRate: 0 });
    const reviewed = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/reviews`, {
      rating: 5,
      comment: 'Smooth handover, exactly as described.',
    });
    expect(reviewed.status).toBe(201);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.canReview).toBe(false);

    // Credentials are erased 30 days after completion.
    ctx.clock.advance(30 * D);
    await sweep(ctx);
    const erased = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`);
    expect(erased).toMatchObject({
      status: 409,
      body: { error: { message: 'The credentials were erased 30 days after the order completed.' } },
    });
  });

  it('expires unpaid after 15 minutes and frees the listing', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    ctx.clock.advance(15 * 60_000 - 1);
    await sweep(ctx);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.status).toBe('pending_payment');
    ctx.clock.advance(1);
    await sweep(ctx);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.status).toBe('expired');
    expect(await listingStatus(deal.listing.id)).toBe('active');
  });

  it('cancels automatically when the delivery time plus a grace hour passes, refunding the buyer', async () => {
    const deal = await arrangeDeal(ctx, { deliveryTime: 'within-24h' });
    const id = await orderUpTo(ctx, deal, 'paid');
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(40_000);
    ctx.clock.advance(25 * H);
    await sweep(ctx);
    const order = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(order.body).toMatchObject({ status: 'canceled' });
    expect((order.body.history as Array<{ actorKind: string }>).at(-1)?.actorKind).toBe('system');
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
    expect(await listingStatus(deal.listing.id)).toBe('active');
  });

  it('lets the buyer cancel before delivery with a full refund', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/cancel`, { reason: 'Changed my mind' });
    expect(res.body).toMatchObject({ status: 'canceled' });
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
  });

  it('confirms automatically after 72 hours, mailing the buyer a reminder 12 hours before', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    ctx.clock.advance(60 * H);
    await ctx.deliverMail();
    const mails = ctx.mailer.sent.length;
    await sweep(ctx);
    await sweep(ctx);
    await ctx.deliverMail();
    const reminders = ctx.mailer.sent.slice(mails).filter((m) => m.subject.startsWith('Your order will be confirmed'));
    expect(reminders.map((m) => m.to)).toEqual([deal.buyer.email]);
    ctx.clock.advance(12 * H);
    await sweep(ctx);
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.status).toBe('protection');
  });

  it('applies what fell due while no server ran when a new one starts', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    ctx.clock.advance(D);
    // A second app on the same database, sweeping as a server does (the tests' apps never sweep), sweeps on start.
    const { buildApp } = await import('../../app');
    const orders = { ...ctx.deps.config.orders, sweepIntervalMs: 60_000 };
    const other = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, orders }, db: ctx.handle });
    await other.ready();
    await other.close().catch(() => undefined);
    const order = await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.status).toBe('expired');
  });
});
