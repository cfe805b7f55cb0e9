import { describe, expect, it } from 'vitest';
import { orderCalls } from './chargebacks-test-helpers';
import { availableAccount, balanceOf } from '../../lib/ledger';
import {
  bankDecides,
  cardPaidOrder,
  checkoutCompleted,
  clearingOf,
  openChargeback,
  pendingOrder,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Two disputes of one payment open at once (an inquiry and a chargeback, say). The bank deciding one of them for
 * the seller must not lift the hold the other still puts on the order: the seller could otherwise deliver and be paid
 * while the bank may still take the money back.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { post } = orderCalls(() => ctx);

const holdOf = async (orderId: string) =>
  (await ctx.db.selectFrom('orders').select('chargebackHoldSince').where('id', '=', orderId).executeTakeFirstOrThrow())
    .chargebackHoldSince;

describe('two disputes of one payment open at once', () => {
  it('the first decided for the seller leaves the order held while the other is open', async () => {
    const { seller, orderId, intent } = await cardPaidOrder(ctx, 20_000);
    const first = await openChargeback(ctx, intent, { reason: 'fraudulent' });
    await openChargeback(ctx, intent, { reason: 'product_not_received' });
    expect(await holdOf(orderId)).not.toBeNull();

    expect((await bankDecides(ctx, first, 'won')).body).toEqual({ received: true, outcome: 'won' });
    // The second dispute is still open at the bank: the order stays on hold.
    expect(await holdOf(orderId)).not.toBeNull();
    const delivered = await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    expect(delivered.statusCode).toBe(409);
  });

  it('before the payment’s webhook: one decided for the seller, the other open, the payment lands held', async () => {
    const deal = await pendingOrder(ctx, 8_000);
    const { sessionId, event: paid } = await checkoutCompleted(ctx, deal.buyer.session, deal.orderId);
    const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
    await openChargeback(ctx, intent, { reason: 'product_not_received' });
    ctx.clock.advance(60_000);
    // The later one, decided first.
    const later = await openChargeback(ctx, intent, { reason: 'fraudulent' });
    expect((await bankDecides(ctx, later, 'won')).body).toEqual({ received: true, outcome: 'won' });
    expect((await ctx.fake.deliver(paid)).body).toEqual({ received: true, outcome: 'paid' });
    expect(await holdOf(deal.orderId)).not.toBeNull();
  });
});

describe('two disputes of one card payment, both decided for the buyer', () => {
  it('the second loss is booked: stripe_clearing still says what Stripe holds, the buyer is not paid back twice', async () => {
    const PRICE = 20_000;
    const { buyer, orderId, intent } = await cardPaidOrder(ctx, PRICE);
    // An inquiry and a chargeback of one payment, each of a part of it (together less than the payment).
    const first = await openChargeback(ctx, intent, { amount: 5_000, feeCents: 0 });
    const second = await openChargeback(ctx, intent, { amount: 5_000, feeCents: 0 });
    expect((await bankDecides(ctx, first, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await bankDecides(ctx, second, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    // The bank took 10,000 back to the card; Stripe holds the other 10,000 of the payment.
    expect(stripeHolds(ctx, intent, PRICE)).toBe(10_000);
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, PRICE));
    // The buyer paid 20,000: the bank's 10,000 and what reached their balance are at most that.
    const toBalance = await balanceOf(ctx.db, availableAccount(buyer.user.id));
    expect(toBalance + 10_000).toBeLessThanOrEqual(PRICE);
  });
});

describe('two disputes of one card payment decided for the buyer before its webhook', () => {
  it('the payment landing refunds what both took: stripe_clearing says what Stripe holds', async () => {
    const PRICE = 10_000;
    const deal = await pendingOrder(ctx, PRICE);
    const { sessionId, event: paid } = await checkoutCompleted(ctx, deal.buyer.session, deal.orderId);
    const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
    const first = await openChargeback(ctx, intent, { amount: 3_000, feeCents: 0 });
    const second = await openChargeback(ctx, intent, { amount: 4_000, feeCents: 0 });
    expect((await bankDecides(ctx, first, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await bankDecides(ctx, second, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await ctx.fake.deliver(paid)).body).toEqual({ received: true, outcome: 'paid' });
    // The bank took 7,000 back to the card; Stripe holds the other 3,000.
    expect(stripeHolds(ctx, intent, PRICE)).toBe(3_000);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, intent, PRICE));
    // Never delivered: the buyer gets the rest (3,000) on their balance, not more.
    expect(await balanceOf(ctx.db, availableAccount(deal.buyer.user.id))).toBe(3_000);
  });
});
