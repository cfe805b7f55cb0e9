import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availableAccount, ESCROW, STRIPE_CLEARING } from '../../lib/ledger';
import { createPeerApp, createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { FakeStripe } from '../../test/fake-stripe/fake-stripe';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { arrangeDeal, balance, expectLedgerHealthy, orderUpTo } from './orders-test-helpers';
import { STRIPE_KEY, STRIPE_WEBHOOK_SECRET } from './stripe-test-helpers';

let ctx: TestContext;
let fake: FakeStripe;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  ctx = await createTestApp(); // PAYMENT_PROVIDER=balance, as a marketplace runs before it turns Stripe on
  fake = await FakeStripe.start({
    apiKey: STRIPE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    now: () => ctx.clock.now(),
  });
  // The same database served by a process restarted with PAYMENT_PROVIDER=stripe (its own sweeper is off in tests).
  peer = await createPeerApp(ctx, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(async () => {
  await peer?.close();
  await ctx.close();
  await fake.close();
});

describe('orders paid from the balance after PAYMENT_PROVIDER switches to stripe', () => {
  it('are refunded to the balance they were paid from', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, deliveryTime: 'within-24h' });
    const paid = await orderUpTo(ctx, deal, 'paid'); // 10,000 left the buyer's balance into escrow
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(40_000);

    // The buyer cancels the order they paid from their balance before the switch.
    const session = await signInAs(ctx, deal.buyer.id);
    const cancel = await peer.app.inject({
      method: 'POST',
      url: `/api/orders/${paid}/cancel`,
      headers: session.headers,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
    expect(await balance(ctx, STRIPE_CLEARING)).toBe(0);
    expect(await balance(ctx, ESCROW)).toBe(0);
  });

  it('the sweep is not stopped for all orders by one it cannot move', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, deliveryTime: 'instant' });
    const paid = await orderUpTo(ctx, deal, 'paid'); // auto-cancels (refund) in 2 hours if not delivered
    const other = await arrangeDeal(ctx, { priceCents: 3_000 });
    ctx.clock.advance(3 * 3_600_000);
    const unpaid = await orderUpTo(ctx, other, 'pending_payment');
    ctx.clock.advance(20 * 60_000);
    // The Stripe process sweeps: the balance-paid order is due first.
    const swept = await sweepOrders(ordersContext(peer.app.deps)).then(
      () => 'ok',
      (e: Error) => e.message,
    );
    const rows = await ctx.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [paid, unpaid]).execute();
    expect({ swept, rows: Object.fromEntries(rows.map((r) => [r.id === paid ? 'paid' : 'unpaid', r.status])) }).toEqual(
      {
        swept: 'ok',
        rows: { paid: 'canceled', unpaid: 'expired' },
      },
    );
  });
});
