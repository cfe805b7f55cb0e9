import { describe, expect, it } from 'vitest';
import { insertOrderRow } from '../../test/order-fixtures';
import { userWithSession } from '../../test/test-app';
import { insertChargeback } from './chargebacks.repository';
import { insertListing, sweep } from './orders-test-helpers';
import {
  cardPaidOrder,
  openChargeback,
  orderStatus,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * The daily question about an open chargeback that Stripe cannot answer (a dispute it does not know, say of the Stripe
 * account the platform used before) fails every time: it is asked again next sweep, and must not keep the chargebacks
 * opened after it from being asked, however many such come first.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

describe('the chargeback check past chargebacks it cannot ask about', () => {
  it('applies a decision whose webhook never came behind more than a batch of unanswerable chargebacks', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const now = ctx.clock.now();
    const unknown: string[] = [];
    for (let i = 0; i < 30; i++) {
      const listing = await insertListing(ctx, seller.user.id, { status: 'sold' });
      const order = await insertOrderRow(ctx, {
        listingId: listing.id,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        provider: 'stripe',
        providerRef: `cs_test_before_${i}`,
      });
      const id = `dp_test_before_${i}`;
      const at = { orderStatusAtOpen: 'completed' as const, openedAt: now - 1000 + i, closedAt: null, checkedAt: null };
      const booked = { feeCents: 0, feeReturnedCents: 0, withdrawnCents: 0, reinstatedCents: 0, recoveredCents: 0 };
      const row = { id, orderId: order.id, amountCents: 10_000, reason: 'fraudulent', status: 'open' as const };
      await insertChargeback(ctx.db, { ...row, ...at, ...booked });
      unknown.push(id);
    }
    const { orderId, intent } = await cardPaidOrder(ctx, 6_000);
    const disputeId = await openChargeback(ctx, intent);
    // The bank decides, but the event never reaches us (the endpoint was down past Stripe's retries).
    ctx.fake.resources.closeDispute(disputeId, 'lost');

    ctx.clock.advance(2 * 24 * 3_600_000);
    expect((await sweep(ctx)).chargebacks).toBe(1);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
    const left = await ctx.db.selectFrom('chargebacks').select('status').where('id', 'in', unknown).execute();
    expect(left.map((c) => c.status)).toEqual(unknown.map(() => 'open'));
  });
});
