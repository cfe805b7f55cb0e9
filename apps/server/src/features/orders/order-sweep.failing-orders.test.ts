import { describe, expect, it } from 'vitest';
import { deliveryDeadlineMs } from '@accountry/shared/order-state';
import { insertOrderRow } from '../../test/order-fixtures';
import type { TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  insertListing,
  orderUpTo,
  partyWithSession,
  sweep,
  useOrdersTestApp,
} from './orders-test-helpers';

/**
 * An order whose timer cannot be applied (a card order once Stripe's keys are gone answers 503) is logged and retried
 * next sweep; it must not hold back the orders due after it, however many such orders come first.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const statusOf = async (id: string) =>
  (await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('the order sweep past orders it cannot move', () => {
  it('applies the timers due after more than a batch of failing orders', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');

    // 150 unpaid card orders whose payment windows ended before this order's delivery deadline: expiring one closes
    // its payment page at Stripe, which this app has no keys for, so it fails every time.
    const seller = await partyWithSession(ctx, 'seller');
    const buyer = await partyWithSession(ctx, 'buyer');
    const dueAt = ctx.clock.now() + 1000;
    const stuck: string[] = [];
    for (let i = 0; i < 150; i++) {
      const listing = await insertListing(ctx, seller.id, { status: 'reserved' });
      const row = await insertOrderRow(ctx, {
        listingId: listing.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'pending_payment',
        provider: 'stripe',
        providerRef: `cs_test_stuck_${i}`,
        paidAt: null,
        deliveredAt: null,
        protectionStartedAt: null,
        completedAt: null,
        dueAt: dueAt + i,
        dueAction: 'expire',
      });
      stuck.push(row.id);
    }

    ctx.clock.advance(deliveryDeadlineMs('instant') + 1);
    await sweep(ctx);
    expect(await statusOf(id)).toBe('canceled');
    expect(new Set(await Promise.all(stuck.map(statusOf)))).toEqual(new Set(['pending_payment']));
  });
});
