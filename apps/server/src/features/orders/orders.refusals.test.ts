import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { emptyWallet } from '../../test/order-fixtures';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  insertListing,
  ledgerSnapshot,
  orderUpTo,
  sweep,
  partyWithSession,
} from './orders-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;

/** A refusal: the status and message, and neither the ledger nor the order moved. */
async function expectRefused(
  run: () => Promise<{ status: number; body: { error?: { message: string } } }>,
  status: number,
  message: string,
  orderId?: string,
) {
  const before = await ledgerSnapshot(ctx);
  const order = orderId && (await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst());
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.body.error?.message).toBe(message);
  expect(await ledgerSnapshot(ctx)).toEqual(before);
  if (orderId)
    expect(await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()).toEqual(order);
}

describe('refusals change nothing', () => {
  it('buying one’s own listing', async () => {
    const deal = await arrangeDeal(ctx);
    await expectRefused(
      () => call(ctx, deal.seller, 'POST', '/api/orders', { listingId: deal.listing.id }),
      400,
      'You cannot buy your own listing.',
    );
  });

  it('a listing that is not active', async () => {
    const deal = await arrangeDeal(ctx, { status: 'sold' });
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id }),
      409,
      'This listing is not available for purchase.',
    );
  });

  it('a listing someone is buying tells the next buyer so; one its seller marked reserved is not available', async () => {
    for (const status of ['pending_payment', 'paid'] as const) {
      const held = await arrangeDeal(ctx);
      await orderUpTo(ctx, held, status);
      const next = await partyWithSession(ctx, 'buyer');
      await expectRefused(
        () => call(ctx, next, 'POST', '/api/orders', { listingId: held.listing.id }),
        409,
        'Someone else is already buying this listing.',
      );
    }
    const reserved = await arrangeDeal(ctx, { status: 'reserved' });
    await expectRefused(
      () => call(ctx, reserved.buyer, 'POST', '/api/orders', { listingId: reserved.listing.id }),
      409,
      'This listing is not available for purchase.',
    );
  });

  it('a draft or hidden listing, answered as a missing one: its id does not tell that it exists', async () => {
    for (const status of ['draft', 'hidden'] as const) {
      const deal = await arrangeDeal(ctx, { status });
      await expectRefused(
        () => call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id }),
        404,
        'Listing not found',
      );
    }
    const deal = await arrangeDeal(ctx);
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: 'no-such-listing' }),
      404,
      'Listing not found',
    );
  });

  it('paying twice, and paying with too low a balance', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`),
      409,
      'This order is already paid.',
      id,
    );
    const pricey = await insertListing(ctx, deal.seller.id, { priceCents: 60_000 });
    const created = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: pricey.id });
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', `/api/orders/${created.body.id as string}/pay`),
      409,
      'Your balance is too low to pay this order.',
      created.body.id as string,
    );
  });

  it('delivering twice, and credentials with nothing in them', async () => {
    const deal = await arrangeDeal(ctx);
    const paid = await orderUpTo(ctx, deal, 'paid');
    await expectRefused(
      () => call(ctx, deal.seller, 'POST', `/api/orders/${paid}/deliver`, { credentials: { login: ' ' } }),
      400,
      'Enter at least one of login, password, email access, recovery codes or notes.',
      paid,
    );
    await call(ctx, deal.seller, 'POST', `/api/orders/${paid}/deliver`, { credentials: { login: 'x' } });
    await expectRefused(
      () => call(ctx, deal.seller, 'POST', `/api/orders/${paid}/deliver`, { credentials: { login: 'y' } }),
      409,
      'The credentials have already been delivered.',
      paid,
    );
  });

  it('confirming someone else’s order, and strangers not seeing it at all', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    await expectRefused(
      () => call(ctx, deal.seller, 'POST', `/api/orders/${id}/confirm`),
      403,
      'Only the buyer of this order can do this.',
      id,
    );
    const who = await partyWithSession(ctx, 'both');
    await expectRefused(() => call(ctx, who, 'POST', `/api/orders/${id}/confirm`), 404, 'Order not found', id);
    expect((await call(ctx, who, 'GET', `/api/orders/${id}`)).status).toBe(404);
    expect((await call(ctx, who, 'POST', `/api/orders/${id}/credentials/reveal`)).status).toBe(404);
    expect((await call(ctx, null, 'GET', `/api/orders/${id}`)).status).toBe(401);
  });

  it('a dispute after the inspection window', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    ctx.clock.advance(72 * H);
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The account was taken back.' }),
      409,
      'The time to open a dispute for this order has passed.',
      id,
    );
    await sweep(ctx);
  });

  it('disabled users starting orders', async () => {
    const deal = await arrangeDeal(ctx);
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', deal.buyer.id).execute();
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(res.status).toBeGreaterThanOrEqual(401);
    expect(res.status).toBeLessThan(404);
    expect(
      (await ctx.db.selectFrom('orders').selectAll().where('listingId', '=', deal.listing.id).execute()).length,
    ).toBe(0);
  });

  it('paying an order whose seller was deleted or disabled since', async () => {
    const deal = await arrangeDeal(ctx);
    const started = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', deal.seller.id).execute();
    await expectRefused(
      () => call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`),
      409,
      "The seller's account is no longer active, so this order cannot be paid. Cancel it; nothing was charged.",
      id,
    );
  });

  it('an account deleted and then restored by an admin can buy again', async () => {
    const deal = await arrangeDeal(ctx);
    const admin = await partyWithSession(ctx, 'admin', { displayName: 'Ada Admin' });
    await emptyWallet(ctx, deal.buyer.id);
    expect(
      (await call(ctx, admin, 'POST', `/api/admin/users/${deal.buyer.id}/delete`, { reason: 'spam' })).status,
    ).toBe(200);
    const refused = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(refused.status).toBeGreaterThanOrEqual(401);
    expect(refused.status).toBeLessThan(404);
    expect((await call(ctx, admin, 'POST', `/api/admin/users/${deal.buyer.id}/restore`, {})).status).toBe(200);
    const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(bought.status).toBe(201);
  });
});

describe('payment webhooks', () => {
  it('refuse a webhook of the balance, which takes none, and of a provider that is not configured', async () => {
    const before = await ledgerSnapshot(ctx);
    const post = (provider: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${provider}/webhook`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ orderId: 'nope', amountCents: 100 }),
      });
    // Decision 239: the balance is always reachable, and nothing outside reports on it.
    expect((await post('balance')).statusCode).toBe(404);
    expect((await post('stripe')).statusCode).toBe(404);
    expect((await post('paypal')).statusCode).toBe(404);
    expect(await ledgerSnapshot(ctx)).toEqual(before);
  });
});

describe('races', () => {
  it('two buyers clicking buy now at once get one order and one clear 409', async () => {
    const deal = await arrangeDeal(ctx);
    const second = await partyWithSession(ctx, 'buyer');
    const results = await Promise.all([
      call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id }),
      call(ctx, second, 'POST', '/api/orders', { listingId: deal.listing.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error?.message).toBe('Someone else is already buying this listing.');
    expect(
      await ctx.db.selectFrom('orders').select('id').where('listingId', '=', deal.listing.id).execute(),
    ).toHaveLength(1);
  });

  it('the database itself refuses a second open order for a listing', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const row = await ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await expect(
      ctx.db
        .insertInto('orders')
        .values({ ...row, id: 'second-open-order' })
        .execute(),
    ).rejects.toThrow();
  });

  it('paying and confirming repeated at once move the order once', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const pays = await Promise.all([1, 2, 3].map(() => call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)));
    expect(pays.filter((p) => p.status === 200)).toHaveLength(1);
    const entries = await ctx.db.selectFrom('ledgerTransactions').select('id').where('orderId', '=', id).execute();
    expect(entries).toHaveLength(1);
    const history = await ctx.db.selectFrom('orderHistory').select('toStatus').where('orderId', '=', id).execute();
    expect(history.map((h) => h.toStatus).sort()).toEqual(['paid', 'pending_payment']);
  });
});
