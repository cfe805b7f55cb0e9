import { expect } from 'vitest';
import { DAY_MS } from '@accountry/shared/durations';
import { signInAs, userWithSession } from '../../test/test-app';
import { sweep } from './orders-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';
import { bankDecides, cardPaidOrder, openChargeback, orderStatus, type StripeTestContext } from './stripe-test-helpers';

/** A card order delivered, accepted and completed by the sweep: the seller was paid its price less the fee. */
export async function completedCardOrder(ctx: StripeTestContext, priceCents: number) {
  const deal = await cardPaidOrder(ctx, priceCents);
  const { deliver } = orderCalls(() => ctx);
  expect((await deliver(deal.seller.session.headers, deal.orderId)).statusCode).toBe(200);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${deal.orderId}/confirm`,
    headers: deal.buyer.session.headers,
    payload: {},
  });
  expect(confirmed.statusCode).toBe(200);
  ctx.clock.advance(40 * DAY_MS);
  await sweep(ctx);
  expect(await orderStatus(ctx, deal.orderId)).toBe('completed');
  // Their sessions ended while the weeks passed: both sign in again.
  const again = async (p: typeof deal.buyer) => ({ user: p.user, session: await signInAs(ctx, p.user.id) });
  return {
    ...deal,
    buyer: await again(deal.buyer),
    seller: await again(deal.seller),
    admin: await userWithSession(ctx, 'admin'),
  };
}

/** A completed card order whose chargeback the bank decided for the buyer (or the seller): decision 183. */
export async function decidedOnCompleted(ctx: StripeTestContext, priceCents: number, outcome: 'won' | 'lost' = 'lost') {
  const deal = await completedCardOrder(ctx, priceCents);
  const disputeId = await openChargeback(ctx, deal.intent);
  expect((await bankDecides(ctx, disputeId, outcome)).body).toEqual({ received: true, outcome });
  // An admin gets to it a little later.
  ctx.clock.advance(60_000);
  return { ...deal, disputeId };
}
