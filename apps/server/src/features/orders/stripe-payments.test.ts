import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import {
  STRIPE_KEY,
  checkoutCompleted,
  useStripeTestApp,
  escrowAndClearing,
  moneySnapshot,
  orderStatus,
  pay,
  pendingOrder,
  type StripeTestContext,
} from './stripe-test-helpers';

let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const forgedSecret = 'whsec_not_the_endpoint_secret';

describe('paying an order with Stripe Checkout', () => {
  it('opens a Checkout Session for the price in cents, and the signed webhook marks the order paid', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 12_345);
    const before = await escrowAndClearing(ctx);
    const res = await pay(ctx, buyer.session, orderId);
    expect(res.statusCode).toBe(200);
    const { redirectUrl } = res.json();
    expect(redirectUrl).toMatch(new RegExp(`^${ctx.fake.url}/c/pay/cs_test_`));
    const created = ctx.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      customer_email: buyer.user.email,
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '12345' } } },
    });
    expect(created.params.success_url).toMatch(new RegExp(`/orders/${orderId}$`));
    expect(created.params.cancel_url).toBe(created.params.success_url);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');

    const sessionId = redirectUrl.split('/').at(-1);
    const delivered = await ctx.fake.deliver(ctx.fake.completeSession(sessionId));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    const after = await escrowAndClearing(ctx);
    expect(after.escrow - before.escrow).toBe(12_345);
    expect(after.clearing - before.clearing).toBe(-12_345);
    // Admins read the Checkout Session's id on the order, to find the payment at Stripe; the parties do not.
    const admin = await userWithSession(ctx, 'admin');
    const view = (headers: Record<string, string>) => ctx.app.inject({ url: `/api/orders/${orderId}`, headers });
    expect((await view(admin.session.headers)).json().paymentRef).toBe(sessionId);
    expect((await view(buyer.session.headers)).json().paymentRef).toBeNull();
  });

  it('returns the same Checkout Session when the buyer presses Pay again', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const first = (await pay(ctx, buyer.session, orderId)).json().redirectUrl;
    const second = (await pay(ctx, buyer.session, orderId)).json().redirectUrl;
    expect(second).toBe(first);
    expect([...ctx.fake.resources.sessions.values()].filter((s) => s.client_reference_id === orderId)).toHaveLength(1);
  });

  it('completes through the hosted page, which returns the buyer to the order', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const { redirectUrl } = (await pay(ctx, buyer.session, orderId)).json();
    const res = await fetch(redirectUrl, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`/orders/${orderId}$`));
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('answers 503 with a clear message when Stripe cannot be reached, and the order stays unpaid', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const before = await moneySnapshot(ctx);
    ctx.fake.setDown(true);
    const res = await pay(ctx, buyer.session, orderId).finally(() => ctx.fake.setDown(false));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Payments are not available right now. Please try again later.');
    expect(await moneySnapshot(ctx)).toEqual(before);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a forged signature with 400 and changes nothing', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const { event } = await checkoutCompleted(ctx, buyer.session, orderId);
    const before = await moneySnapshot(ctx);
    const forged = await ctx.fake.deliver(event, { secret: forgedSecret });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      error: { message: 'The Stripe signature of this webhook is missing or invalid.' },
    });
    // A body changed after signing is refused the same way.
    const tampered = JSON.stringify({ ...event, id: 'evt_test_other' });
    expect((await ctx.fake.deliver(event, { payload: tampered, signFor: JSON.stringify(event) })).status).toBe(400);
    const unsigned = await fetch(ctx.fake.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await moneySnapshot(ctx)).toEqual(before);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
  });

  it('refuses a signature older than five minutes (a captured delivery replayed later)', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const { event } = await checkoutCompleted(ctx, buyer.session, orderId);
    const payload = JSON.stringify(event);
    const header = ctx.fake.sign(payload, undefined, Math.floor(ctx.clock.now() / 1000) - 301);
    const res = await fetch(ctx.fake.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
  });

  it('applies a replayed event once', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const { event } = await checkoutCompleted(ctx, buyer.session, orderId);
    expect((await ctx.fake.deliver(event)).body).toEqual({ received: true, outcome: 'paid' });
    const once = await moneySnapshot(ctx);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await moneySnapshot(ctx)).toEqual(once);
    const paidRows = await ctx.db
      .selectFrom('orderHistory')
      .select('id')
      .where('orderId', '=', orderId)
      .where('toStatus', '=', 'paid')
      .execute();
    expect(paidRows).toHaveLength(1);
  });

  const stripeClient = () =>
    new Stripe(STRIPE_KEY, { host: '127.0.0.1', port: ctx.fake.port, protocol: 'http', maxNetworkRetries: 0 });
  const sessionFor = (orderId: string, cents: number) =>
    stripeClient().checkout.sessions.create({
      mode: 'payment',
      client_reference_id: orderId,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'x' } } }],
      success_url: 'http://localhost/orders/x',
    });

  it('answers 400 for a payment naming an order we do not know, and changes nothing', async () => {
    const session = await sessionFor('no-such-order', 5_000);
    const before = await moneySnapshot(ctx);
    const res = await ctx.fake.deliver(ctx.fake.completeSession(session.id));
    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Unknown payment.' } } });
    expect(await moneySnapshot(ctx)).toEqual(before);
  });

  it('refuses a payment whose amount differs from the order, and changes nothing', async () => {
    const { orderId } = await pendingOrder(ctx, 10_000);
    const session = await sessionFor(orderId, 100);
    const before = await moneySnapshot(ctx);
    const res = await ctx.fake.deliver(ctx.fake.completeSession(session.id));
    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Unknown payment.' } } });
    expect(await moneySnapshot(ctx)).toEqual(before);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
  });

  it('answers 404 on the webhook of a provider that is not configured', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/balance/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('acknowledges events that confirm nothing', async () => {
    const before = await moneySnapshot(ctx);
    const res = await ctx.fake.deliver(ctx.fake.event('charge.refunded', { id: 'ch_test_1', object: 'charge' }));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await moneySnapshot(ctx)).toEqual(before);
  });

  it('talks to Stripe outside the database transaction: a cancel meanwhile wins and Pay answers 409', async () => {
    const { buyer, orderId } = await pendingOrder(ctx);
    const canceled: number[] = [];
    // While Stripe creates the session, the buyer cancels in another tab; the database must not be held meanwhile.
    ctx.fake.beforeAnswer = async (method, path) => {
      if (method !== 'POST' || path !== '/v1/checkout/sessions') return;
      ctx.fake.beforeAnswer = undefined;
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/cancel`,
        headers: buyer.session.headers,
        payload: { reason: 'Changed my mind' },
      });
      canceled.push(res.statusCode);
    };
    const res = await pay(ctx, buyer.session, orderId).finally(() => (ctx.fake.beforeAnswer = undefined));
    expect(canceled).toEqual([200]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This order has changed in the meantime. Reload the page to see where it stands.',
    );
    const row = await ctx.db
      .selectFrom('orders')
      .select(['status', 'providerRef'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'canceled', providerRef: null });
  });
});
