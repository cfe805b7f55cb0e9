import { describe, expect, it } from 'vitest';
import { refuseWrites } from '../../test/refused-writes';
import { sweep } from './orders-test-helpers';
import {
  cardPaidOrder,
  openChargeback,
  orderStatus,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * The chargeback check marks a chargeback checked before it applies the decision the provider reports. When applying
 * fails (here the database refuses the order's history row once, then the fault is mended), the check logs "asked
 * again next sweep", but the mark already moved the next question a day on: the decided chargeback, and the order's
 * hold with its timers and the seller's money, wait a day more.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

describe('the chargeback check when applying a decision fails once', () => {
  it('applies the decision on the next sweep', async () => {
    const { orderId, intent } = await cardPaidOrder(ctx, 6_000);
    const disputeId = await openChargeback(ctx, intent);
    // The bank decides, but the event never reaches us (the endpoint was down past Stripe's retries).
    ctx.fake.resources.closeDispute(disputeId, 'lost');
    ctx.clock.advance(2 * 24 * 3_600_000);

    const mend = await refuseWrites(ctx.handle, 'order_history', 'order_id', orderId, ['insert']);
    expect((await sweep(ctx)).chargebacks).toBe(0);
    await mend();
    expect(await orderStatus(ctx, orderId)).not.toBe('refunded');

    // The next sweep, half a minute later.
    ctx.clock.advance(30_000);
    expect((await sweep(ctx)).chargebacks).toBe(1);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
  });
});
