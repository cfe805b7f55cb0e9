import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { Interleave } from '../../test/interleave';
import { testEngine } from '../../test/test-app';
import { atMost } from './chargebacks-test-helpers';
import { recordChargeback } from './chargebacks.service';
import { ordersContext } from './orders-context';
import { refundRowsOf, refusedRefundOrder, settleRefund } from './refused-refunds-test-helpers';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import type { StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 234: settling a refused refund outside Stripe takes the order's row first, as every chargeback report does
 * (decision 183), so a report landing while the settlement reads waits for it rather than slipping in unseen.
 */
const pg = testEngine === 'postgres';
let ctx: StripeTestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

describe('a chargeback reported while a refused refund is being settled', () => {
  it.runIf(pg)('waits for the settlement, and is recorded after it', async () => {
    const deal = await refusedRefundOrder(ctx);
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', deal.orderId)
      .executeTakeFirstOrThrow();
    const report = {
      id: `dp_${deal.orderId}`,
      orderId: deal.orderId,
      providerRef: order.providerRef!,
      amountCents: order.priceCents,
      currency: order.currency,
      reason: 'fraudulent',
      status: 'open' as const,
      fee: { chargedCents: 0, returnedCents: 0 },
      funds: { withdrawnCents: 0, reinstatedCents: 0 },
    };
    let other: Promise<string> | undefined;
    let reportedDuringSettlement: string | undefined;
    // Once Stripe said there is no dispute, the settlement's transaction reads the refund: the report lands then.
    ctx.fake.beforeAnswer = async (_method, path) => {
      if (path !== '/v1/disputes') return;
      ctx.fake.beforeAnswer = undefined;
      interleave.arm('stripe_refunds', async () => {
        other = recordChargeback(ordersContext(secondDeps), report);
        reportedDuringSettlement = String(await atMost(other));
      });
    };
    const res = await settleRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey, 'TR-R');
    // Before, the report committed between the settlement's reads and its writes, unseen by them.
    expect({ reportedDuringSettlement, settled: res.statusCode, reported: await other }).toEqual({
      reportedDuringSettlement: 'undefined',
      settled: 200,
      reported: 'opened',
    });
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'settled' })]);
  });
});
