import { describe, expect, it } from 'vitest';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { orderStatus, pay, pendingOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { CHECKOUT_CREATE_PATH, changeEmail, sessionIdOf, sessionsOf } from './stripe-checkout-test-helpers';

/**
 * A Checkout key is sent only with the parameters it was first sent with (decision 231). Stripe made a session but its
 * answer never arrived (a connection lost mid-reply, every retry too), and the buyer changed address before pressing
 * Pay again: the next press sends the key as it was, and Stripe answers with the session it made instead of refusing
 * the key until the order expires. A create Stripe refused as invalid kept nothing, so its key is free again.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;
const keptKeys = async () =>
  (await ctx.db.selectFrom('checkoutRequests').select('idempotencyKey').execute()).map((r) => r.idempotencyKey);
const creates = () => ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === CHECKOUT_CREATE_PATH);

/** Every try of the next create is carried out at Stripe, and none of its answers arrives. */
const loseEveryTryOfTheNextCreate = () => ctx.fake.loseAnswers(CHECKOUT_CREATE_PATH, 3);

describe('pressing Pay again after a Checkout create got no answer or a refusal', () => {
  it('reaches the session the lost create made, after the buyer changed address, and paying it pays the order', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 5_100);
    loseEveryTryOfTheNextCreate();
    const lost = await pay(ctx, buyer.session, orderId);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error.message).toBe('Payments are not available right now. Please try again later.');
    expect(sessionsOf(ctx, orderId)).toHaveLength(1);
    await changeEmail(ctx, buyer.user.id, `changed-${buyer.user.email}`);

    const again = await pay(ctx, buyer.session, orderId);
    expect(again.statusCode).toBe(200);
    const sessionId = sessionIdOf(again.json().redirectUrl);
    expect(sessionsOf(ctx, orderId).map((s) => s.id)).toEqual([sessionId]);
    expect(
      new Set(
        creates()
          .filter((r) => r.params.client_reference_id === orderId)
          .map((r) => r.idempotencyKey),
      ),
    ).toEqual(new Set([`checkout:${orderId}`]));
    expect(creates().at(-1)!.params.customer_email).toBe(buyer.user.email);

    const delivered = await ctx.fake.deliver(ctx.fake.completeSession(sessionId));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('reaches the replacement the lost create made, when it replaced an expired session', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 5_200);
    const earlier = sessionIdOf((await pay(ctx, buyer.session, orderId)).json().redirectUrl);
    ctx.fake.resources.expireSession(earlier);
    await changeEmail(ctx, buyer.user.id, `second-${buyer.user.email}`);
    loseEveryTryOfTheNextCreate();
    expect((await pay(ctx, buyer.session, orderId)).statusCode).toBe(503);
    await changeEmail(ctx, buyer.user.id, `third-${buyer.user.email}`);

    const again = await pay(ctx, buyer.session, orderId);
    expect(again.statusCode).toBe(200);
    const replacement = sessionIdOf(again.json().redirectUrl);
    expect(replacement).not.toBe(earlier);
    expect(sessionsOf(ctx, orderId)).toHaveLength(2);
    // The replacement's key was first sent with the address of its own first press, not the order's first one.
    expect(creates().at(-1)!.params.customer_email).toBe(`second-${buyer.user.email}`);
    expect(creates().at(-1)!.idempotencyKey).toBe(`checkout:${orderId}:after:${earlier}`);
  });

  it('keeps what a create was sent with for a day, as long as Stripe holds its key, and no longer', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 5_300);
    expect((await pay(ctx, buyer.session, orderId)).statusCode).toBe(200);
    const kept = await ctx.db
      .selectFrom('checkoutRequests')
      .select('params')
      .where('idempotencyKey', '=', `checkout:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.params)).toMatchObject({ client_reference_id: orderId, customer_email: buyer.user.email });

    ctx.clock.advance(24 * 3600_000 - 1000);
    expect(await provider().forgetOldCheckoutRequests()).toBe(0);
    expect(await keptKeys()).toContain(`checkout:${orderId}`);
    ctx.clock.advance(2000);
    expect(await provider().forgetOldCheckoutRequests()).toBeGreaterThanOrEqual(1);
    expect(await keptKeys()).not.toContain(`checkout:${orderId}`);
  });

  it('sends the next press with what the buyer has then, after Stripe refused the create as invalid', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 5_400);
    const email = buyer.user.email;
    // An address this app took that Stripe's own check refuses: nothing is made, and Stripe keeps no answer.
    await changeEmail(ctx, buyer.user.id, 'buyer@localhost');
    const refused = await pay(ctx, buyer.session, orderId);
    expect(refused.statusCode).toBe(503);
    expect(sessionsOf(ctx, orderId)).toHaveLength(0);
    expect(await keptKeys()).not.toContain(`checkout:${orderId}`);
    await changeEmail(ctx, buyer.user.id, email);

    const again = await pay(ctx, buyer.session, orderId);
    expect(again.statusCode).toBe(200);
    expect(creates().at(-1)!).toMatchObject({
      idempotencyKey: `checkout:${orderId}`,
      params: { customer_email: email },
    });
    expect(sessionsOf(ctx, orderId).map((s) => s.id)).toEqual([sessionIdOf(again.json().redirectUrl)]);
  });
});
