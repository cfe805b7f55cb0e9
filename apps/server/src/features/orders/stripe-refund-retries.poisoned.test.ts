import { describe, expect, it } from 'vitest';
import { refuseUpdatesOfRows } from '../../test/refused-writes';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { insertRefundOwed } from './stripe-refunds.repository';
import { cardPaidOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/**
 * The retry of card refunds owed reads the 50 longest due and claims each by a conditional update. A refund whose row
 * the database refuses to write, every time, makes that claim throw out of the whole retry: being the longest due, it
 * comes first in every later run, and no refund owed after it is ever sent (decision 241: a job walks past an item it
 * cannot finish).
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { post } = orderCalls(() => ctx);
const refundsFor = (intent: string) => ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;

describe('retrying refunds owed through Stripe past one it cannot write', () => {
  it('sends a refund owed after one whose row the database refuses', async () => {
    // The failing one, owed an hour ago on a card payment of its own.
    const stuck = await cardPaidOrder(ctx, 10_000);
    const order = await ctx.db
      .selectFrom('orders')
      .select('providerRef')
      .where('id', '=', stuck.orderId)
      .executeTakeFirstOrThrow();
    const key = `${stuck.orderId}:refund:stuck`;
    await insertRefundOwed(ctx.db, {
      idempotencyKey: key,
      orderId: stuck.orderId,
      sessionId: order.providerRef!,
      amountCents: 100,
      createdAt: ctx.clock.now() - 3600_000,
    });
    await refuseUpdatesOfRows(ctx.handle, 'stripe_refunds', 'idempotency_key', key);
    // A paid order canceled while Stripe is unreachable: its refund is owed, for the retry.
    const { buyer, orderId, intent } = await cardPaidOrder(ctx, 7_500);
    ctx.fake.setDown(true);
    const res = await post(buyer.session.headers, `/api/orders/${orderId}/cancel`).finally(() =>
      ctx.fake.setDown(false),
    );
    expect(res.statusCode).toBe(200);

    // The retry's beat, a few times over; a run that throws goes to the task's onError.
    for (let round = 0; round < 3; round++) {
      await provider()
        .sendPendingRefunds()
        .catch(() => undefined);
      ctx.clock.advance(3600_000);
    }
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([7_500]);
  });
});
