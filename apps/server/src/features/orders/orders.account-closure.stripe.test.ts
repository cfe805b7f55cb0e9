import { describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { insertListing } from './orders-test-helpers';
import {
  checkoutCompleted,
  useStripeTestApp,
  escrowAndClearing,
  orderStatus,
  pay,
  type StripeTestContext,
} from './stripe-test-helpers';

let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

async function order(sellerId: string, buyer: Session, priceCents: number) {
  const listing = await insertListing(ctx, sellerId, { priceCents });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.headers,
    payload: { listingId: listing.id },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('closing a seller who was paid by card', () => {
  it('refunds the paid order to the card and closes the checkout page left open on the unpaid one', async () => {
    const before = await escrowAndClearing(ctx);
    const seller = await userWithSession(ctx, 'seller');
    const payer = await userWithSession(ctx, 'buyer');
    const opener = await userWithSession(ctx, 'buyer');
    const paid = await order(seller.user.id, payer.session, 20_000);
    const { sessionId: paidSession, event } = await checkoutCompleted(ctx, payer.session, paid);
    expect((await ctx.fake.deliver(event)).status).toBe(200);
    const unpaid = await order(seller.user.id, opener.session, 5_000);
    const opened = await pay(ctx, opener.session, unpaid);
    const openSession = /\/c\/pay\/(cs_test_[\w-]+)$/.exec(opened.json().redirectUrl)![1]!;

    const admin = await userWithSession(ctx, 'admin');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${seller.user.id}/disable`,
      headers: admin.session.headers,
      payload: { reason: 'Fraud: sold accounts that were recovered' },
    });
    expect(res.statusCode).toBe(200);
    expect([await orderStatus(ctx, paid), await orderStatus(ctx, unpaid)]).toEqual(['canceled', 'canceled']);
    const intent = ctx.fake.resources.sessions.get(paidSession)!.payment_intent!;
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({
        amount: 20_000,
        status: 'succeeded',
        metadata: { order_id: paid, refund_key: `${paid}:refund:20000` },
      }),
    ]);
    expect(ctx.fake.resources.sessions.get(openSession)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    // The money left by the way it came: escrow and the clearing account are where they were.
    expect(await escrowAndClearing(ctx)).toEqual(before);
  });
});
