import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import {
  moneySnapshot,
  orderStatus,
  pay,
  pendingOrder,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';
import { CHECKOUT_CREATE_PATH, changeEmail, sessionIdOf, sessionsOf } from './stripe-checkout-test-helpers';

/**
 * Pressing Pay again on an order whose Checkout Session exists: the open session is fetched and reused as it is, so a
 * buyer whose address changed meanwhile is not refused for a key Stripe saw with other parameters; a new session,
 * under a key of its own, only replaces one that expired.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const creates = () => ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === CHECKOUT_CREATE_PATH);
const providerRef = async (orderId: string) =>
  (await ctx.db.selectFrom('orders').select('providerRef').where('id', '=', orderId).executeTakeFirstOrThrow())
    .providerRef;

describe('pressing Pay again on a card order', () => {
  it('reuses the open Checkout Session after the buyer changed address, and paying it pays the order', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_200);
    const first = await pay(ctx, buyer.session, orderId);
    expect(first.statusCode).toBe(200);
    await changeEmail(ctx, buyer.user.id, `changed-${buyer.user.email}`);
    const createsBefore = creates().length;

    const second = await pay(ctx, buyer.session, orderId);
    expect(second.statusCode).toBe(200);
    expect(second.json().redirectUrl).toBe(first.json().redirectUrl);
    expect(creates()).toHaveLength(createsBefore);
    expect(sessionsOf(ctx, orderId)).toHaveLength(1);

    const sessionId = sessionIdOf(second.json().redirectUrl);
    const delivered = await ctx.fake.deliver(ctx.fake.completeSession(sessionId));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('opens a new session, under a key of its own, when the earlier one expired at Stripe', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_300);
    const first = (await pay(ctx, buyer.session, orderId)).json().redirectUrl as string;
    const earlier = sessionIdOf(first);
    // Expired at Stripe while the order could still be paid (from Stripe's dashboard, say).
    ctx.fake.resources.expireSession(earlier);
    await changeEmail(ctx, buyer.user.id, `other-${buyer.user.email}`);

    const second = await pay(ctx, buyer.session, orderId);
    expect(second.statusCode).toBe(200);
    const replacement = sessionIdOf(second.json().redirectUrl);
    expect(replacement).not.toBe(earlier);
    expect(await providerRef(orderId)).toBe(replacement);
    const keys = creates()
      .filter((r) => r.params.client_reference_id === orderId)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(creates().at(-1)!.params.customer_email).toBe(`other-${buyer.user.email}`);

    // Pressed again: the replacement, now open, is reused.
    expect((await pay(ctx, buyer.session, orderId)).json().redirectUrl).toBe(second.json().redirectUrl);
    expect(sessionsOf(ctx, orderId)).toHaveLength(2);
    const delivered = await ctx.fake.deliver(ctx.fake.completeSession(replacement));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    const order = await ctx.db
      .selectFrom('orders')
      .select(['status', 'providerRef'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', providerRef: replacement });
  });

  it('opens no second session while the first is paid and its webhook is on its way (409)', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_400);
    const sessionId = sessionIdOf((await pay(ctx, buyer.session, orderId)).json().redirectUrl);
    const event = ctx.fake.completeSession(sessionId);
    const before = await moneySnapshot(ctx);
    const createsBefore = creates().length;

    const again = await pay(ctx, buyer.session, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Your payment was received and is being confirmed. This page updates as soon as it is.',
    );
    expect(creates()).toHaveLength(createsBefore);
    expect(await moneySnapshot(ctx)).toEqual(before);

    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('refunds a late payment of a replacement session, as any payment after the order expired', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_500);
    ctx.fake.resources.expireSession(sessionIdOf((await pay(ctx, buyer.session, orderId)).json().redirectUrl));
    const replacement = sessionIdOf((await pay(ctx, buyer.session, orderId)).json().redirectUrl);
    const event = ctx.fake.completeSession(replacement);
    ctx.clock.advance(PAYMENT_WINDOW_MS + 1000);
    await sweepOrders(ordersContext(ctx.deps));
    expect(await orderStatus(ctx, orderId)).toBe('expired');

    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    const intent = ctx.fake.resources.sessions.get(replacement)!.payment_intent;
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([4_500]);
  });

  it('answers 503 and changes nothing when Stripe cannot be reached to fetch the earlier session', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_600);
    const first = (await pay(ctx, buyer.session, orderId)).json().redirectUrl as string;
    const before = await moneySnapshot(ctx);
    ctx.fake.setDown(true);
    const res = await pay(ctx, buyer.session, orderId).finally(() => ctx.fake.setDown(false));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Payments are not available right now. Please try again later.');
    expect(await moneySnapshot(ctx)).toEqual(before);
    expect((await pay(ctx, buyer.session, orderId)).json().redirectUrl).toBe(first);
  });
});
