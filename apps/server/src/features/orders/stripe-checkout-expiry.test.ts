import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import { userWithSession } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { useStripeTestApp, orderStatus, pay, pendingOrder, type StripeTestContext } from './stripe-test-helpers';

let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

/** An order awaiting payment whose buyer pressed Pay: its Checkout Session is open at Stripe. */
async function openCheckout(priceCents = 5_000) {
  const deal = await pendingOrder(ctx, priceCents);
  const res = await pay(ctx, deal.buyer.session, deal.orderId);
  expect(res.statusCode).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_[\w-]+)$/.exec(res.json().redirectUrl)![1];
  return { ...deal, sessionId };
}

const sessionAt = (id: string) => ctx.fake.resources.sessions.get(id)!;
const expireRequests = (id: string) =>
  ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${id}/expire`);
const cancel = (headers: Record<string, string>, orderId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers, payload: { reason: 'Not now' } });
const sweep = () => sweepOrders(ordersContext(ctx.deps));
const expiryOwed = async (orderId: string) =>
  (await ctx.db.selectFrom('orders').select('checkoutExpiryOwedAt').where('id', '=', orderId).executeTakeFirstOrThrow())
    .checkoutExpiryOwedAt;

describe('closing the Checkout Session of an order that can no longer be paid', () => {
  it('expires the session when the buyer cancels before paying, and the buyer can no longer pay on it', async () => {
    const { buyer, orderId, sessionId } = await openCheckout();
    expect((await cancel(buyer.session.headers, orderId)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(sessionAt(sessionId)).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    expect(expireRequests(sessionId)).toHaveLength(1);
    expect(await expiryOwed(orderId)).toBeNull();

    const page = await fetch(`${ctx.fake.url}/c/pay/${sessionId}`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(404);
    expect(await page.text()).toBe('This checkout session is no longer available.');
    expect(sessionAt(sessionId)).toMatchObject({ status: 'expired', payment_status: 'unpaid', payment_intent: null });
  });

  it('expires the session when the seller blocks the buyer, which cancels the unpaid order', async () => {
    const { seller, buyer, orderId, sessionId } = await openCheckout();
    const block = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/blocks',
      headers: seller.session.headers,
      payload: { userId: buyer.user.id },
    });
    expect(block.statusCode).toBe(204);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(sessionAt(sessionId)).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    expect(await expiryOwed(orderId)).toBeNull();
  });

  it('expires the session when an admin deletes the listing, which cancels the unpaid order', async () => {
    const { listing, orderId, sessionId } = await openCheckout();
    const admin = await userWithSession(ctx, 'admin');
    const gone = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listing.id}/delete`,
      headers: admin.session.headers,
      payload: { reason: 'Reported as stolen' },
    });
    expect(gone.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(sessionAt(sessionId)).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    expect(await expiryOwed(orderId)).toBeNull();
  });

  it('expires the session when the sweep expires the unpaid order after the payment window', async () => {
    const { orderId, sessionId } = await openCheckout();
    ctx.clock.advance(PAYMENT_WINDOW_MS - 1000);
    await sweep();
    expect(sessionAt(sessionId).status).toBe('open');
    ctx.clock.advance(2000);
    await sweep();
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    expect(sessionAt(sessionId).status).toBe('expired');
    expect(expireRequests(sessionId)).toHaveLength(1);
  });

  it('keeps an expiry Stripe cannot take, the cancel succeeds, and a later sweep expires it exactly once', async () => {
    const { buyer, orderId, sessionId } = await openCheckout();
    ctx.fake.setDown(true);
    const res = await cancel(buyer.session.headers, orderId).finally(() => ctx.fake.setDown(false));
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(sessionAt(sessionId).status).toBe('open');
    expect(await expiryOwed(orderId)).toBe(ctx.clock.now());

    expect((await sweep()).closed).toBe(1);
    expect(sessionAt(sessionId).status).toBe('expired');
    expect(await expiryOwed(orderId)).toBeNull();
    expect((await sweep()).closed).toBe(0);
    expect(expireRequests(sessionId)).toHaveLength(1);
  });

  it('owes nothing more for a session already paid (that late payment is refunded by its webhook)', async () => {
    const { orderId, sessionId } = await openCheckout();
    ctx.fake.completeSession(sessionId);
    ctx.clock.advance(PAYMENT_WINDOW_MS + 1000);
    await sweep();
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    expect(sessionAt(sessionId).status).toBe('complete');
    expect(await expiryOwed(orderId)).toBeNull();
    await sweep();
    expect(expireRequests(sessionId)).toHaveLength(1);
  });

  it('asks Stripe nothing when the buyer cancels before ever opening a Checkout Session', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 2_000);
    const before = ctx.fake.requests.length;
    expect((await cancel(buyer.session.headers, orderId)).statusCode).toBe(200);
    expect(ctx.fake.requests.length).toBe(before);
    expect(await expiryOwed(orderId)).toBeNull();
  });
});
