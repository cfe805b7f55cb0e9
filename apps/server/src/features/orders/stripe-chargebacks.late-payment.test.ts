import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import { FAKE_DISPUTE_FEE_CENTS as FEE } from '../../test/fake-stripe/fake-stripe-disputes';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { refundRowsOf } from './refused-refunds-test-helpers';
import {
  bankDecides,
  checkoutCompleted,
  clearingOf,
  openChargeback,
  orderStatus,
  pendingOrder,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * a payment that came after its order expired is refunded at once (decision 095), and that refund reaches the
 * card. The buyer's bank then charges the same payment back as well (the buyer is paid back twice). Stripe takes the
 * disputed funds and its fee from the platform's balance; `stripe_clearing` must keep saying what Stripe holds, as it
 * does for a refunded second payment (decision 244) and for a late payment whose refund was refused.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 9_000;

async function lateRefundSentThenDisputed() {
  const { buyer, orderId } = await pendingOrder(ctx, PRICE);
  const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
  const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
  ctx.clock.advance(PAYMENT_WINDOW_MS + 1000);
  await sweepOrders(ordersContext(ctx.deps));
  expect(await orderStatus(ctx, orderId)).toBe('expired');
  expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
  const [refund] = await refundRowsOf(ctx, orderId);
  expect(refund).toMatchObject({ status: 'sent', amountCents: PRICE });
  return { orderId, intent };
}

describe('a chargeback of a late payment whose refund already reached the card', () => {
  it('books what Stripe took at the opening, so stripe_clearing still says what Stripe holds', async () => {
    const deal = await lateRefundSentThenDisputed();
    const before = await platformBalances(ctx);
    await openChargeback(ctx, deal.intent);
    // Stripe: +9000 paid, -9000 refunded, -9000 - fee withdrawn by the dispute.
    expect(stripeHolds(ctx, deal.intent, PRICE)).toBe(-PRICE - FEE);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    expect((await platformBalances(ctx)).clearing - before.clearing).toBe(PRICE + FEE);
  });

  it('a lost decision leaves the ledger saying what Stripe holds', async () => {
    const deal = await lateRefundSentThenDisputed();
    const disputeId = await openChargeback(ctx, deal.intent);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
  });
});
