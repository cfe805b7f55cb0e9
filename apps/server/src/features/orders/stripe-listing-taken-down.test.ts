import { describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import {
  checkoutCompleted,
  moneySnapshot,
  orderStatus,
  pay,
  pendingOrder,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * A card order whose listing an admin took off the site takes no payment: refused, or refunded if made meanwhile. A
 * delete cancels the order and closes its open Checkout Session.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const GONE = 'This listing was taken off the site, so this order cannot be paid. Cancel it; nothing was charged.';

async function takeDown(listingId: string, how: 'delete' | 'hide' = 'delete') {
  const admin = await userWithSession(ctx, 'admin');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/listings/${listingId}/${how}`,
    headers: admin.session.headers,
    payload: { reason: 'Reported as stolen' },
  });
  expect(res.statusCode).toBe(200);
}

const refundsOf = (sessionId: string) => {
  const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
  return ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
};

const sessionRequests = () => ctx.fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;

describe('a card order whose listing was taken off the site', () => {
  it.each([
    ['delete', 'This order can no longer be paid.'],
    ['hide', GONE],
  ] as const)('opens no Checkout Session once an admin did %s it', async (how, refusal) => {
    const { buyer, listing, orderId } = await pendingOrder(ctx);
    await takeDown(listing.id, how);
    const before = sessionRequests();
    const res = await pay(ctx, buyer.session, orderId);
    expect([res.statusCode, res.json().error.message]).toEqual([409, refusal]);
    expect(sessionRequests()).toBe(before);
  });

  it('refunds once a payment made on a page opened before the deletion, without touching the ledger', async () => {
    const { buyer, listing, orderId } = await pendingOrder(ctx, 7_000);
    const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
    await takeDown(listing.id);
    const before = await moneySnapshot(ctx);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    // Stripe delivers the event again: the same refund, and still no payment.
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    expect(refundsOf(sessionId)).toEqual([7_000]);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(await moneySnapshot(ctx)).toEqual(before);
  });

  it('takes a payment made on a page opened before a hide, which an admin may undo: it is not refunded', async () => {
    const { buyer, listing, orderId } = await pendingOrder(ctx, 7_000);
    const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
    await takeDown(listing.id, 'hide');
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    expect(refundsOf(sessionId)).toEqual([]);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });
});
