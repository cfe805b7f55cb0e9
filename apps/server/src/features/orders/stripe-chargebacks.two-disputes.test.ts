import { describe, expect, it } from 'vitest';
import { orderCalls } from './chargebacks-test-helpers';
import {
  bankDecides,
  cardPaidOrder,
  checkoutCompleted,
  openChargeback,
  pendingOrder,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * two disputes of one payment open at once (an inquiry and a chargeback, say). The bank deciding one of them for
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
