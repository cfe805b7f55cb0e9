import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import { pay, pendingOrder, orderStatus, type StripeTestContext } from './stripe-test-helpers';
import { ordersContext } from './orders-context';
import { cancelOrder } from './orders.service';
import { sweepOrders } from './order-sweep';

/**
 * An unpaid order that ends (the buyer's cancel, or the sweep's expiry) closes the Checkout page its buyer opened. The
 * move decides on the row it writes, not on the one it read before a press of "Pay" in another tab stored its session.
 */
let ctx: StripeTestContext;
let interleave: Interleave;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave } = race);
});

const userOf = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<AuthUser>;
const sessionOf = (url: string) => ctx.fake.resources.sessions.get(/\/c\/pay\/(cs_test_[\w-]+)$/.exec(url)![1]!)!;

// PostgreSQL: SQLite runs one write transaction at a time, so the press cannot land between the move's read and write.
describe.skipIf(process.env.TEST_ENGINE !== 'postgres')('an unpaid order ending while its buyer presses "Pay"', () => {
  it('the buyer cancels: the Checkout page stored after the cancel read the order is closed', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_200);
    const user = await userOf(buyer.user.id);
    let redirectUrl = '';
    interleave.arm('orders', async () => {
      const res = await pay(ctx, buyer.session, orderId);
      expect(res.statusCode).toBe(200);
      redirectUrl = res.json().redirectUrl;
    });
    await cancelOrder(ordersContext(ctx.deps), user, orderId, 'Changed my mind');
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    // Left open, the page would take the buyer's card for a canceled order, only for the webhook to refund it.
    expect(sessionOf(redirectUrl).status).toBe('expired');
  });

  it('the sweep expires it: the Checkout page stored after the move read the order is closed', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_300);
    let redirectUrl = '';
    ctx.clock.advance(PAYMENT_WINDOW_MS - 1);
    // The sweep's first read of orders finds it due; after its move reads the order, a press made a moment before the
    // window closed stores its page.
    interleave.arm('orders', async () => {
      interleave.arm('orders', async () => {
        ctx.clock.advance(-1);
        const res = await pay(ctx, buyer.session, orderId);
        expect(res.statusCode).toBe(200);
        redirectUrl = res.json().redirectUrl;
        ctx.clock.advance(1);
      });
    });
    ctx.clock.advance(1);
    await sweepOrders(ordersContext(ctx.deps));
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    expect(sessionOf(redirectUrl).status).toBe('expired');
  });
});
