import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { signInAs, testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { recordChargeback } from './chargebacks.service';
import { cardOrderWithChargeback, STRIPE_SET_UP } from './chargebacks-test-helpers';

/** Decision 183: the bank decides for the buyer while the buyer's review of the completed order is being written. */
let ctx: TestContext;
let interleave: Interleave;
let second: AppDeps['db'];
useRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
}, STRIPE_SET_UP);

describe('a review written while the bank decides the chargeback for the buyer', () => {
  it('read before the decision, it is refused (409) once the decision committed', async () => {
    const { deal, id, report } = await cardOrderWithChargeback(ctx, 'protection');
    await ctx.db
      .updateTable('orders')
      .set({ status: 'completed', completedAt: ctx.clock.now() })
      .where('id', '=', id)
      .execute();
    // The review has read the order's facts (no chargeback yet) when the decision lands on another process.
    let decision: Promise<unknown> | undefined;
    interleave.arm('chargebacks', async () => {
      decision = recordChargeback(ordersContext({ ...ctx.deps, db: second }), { ...report, status: 'lost' });
      // Until it committed, or waits for a lock the review holds (a fixed wait let a slow machine's review go first);
      // on SQLite the review holds no write lock here, so the decision commits.
      await (testEngine === 'postgres' ? untilLockWaitOr(ctx.db, decision) : decision);
    });
    const session = await signInAs(ctx, deal.buyer.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${deal.listing.id}/reviews`,
      headers: session.headers,
      payload: { rating: 5, comment: 'Smooth handover, exactly as described.' },
    });
    expect(await decision).toBe('lost');
    // Before, the review went in after the decision and stayed on the seller's profile.
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe('Your bank reversed the payment of this order, so it cannot be reviewed.');
    expect(await ctx.db.selectFrom('reviews').select('id').where('orderId', '=', id).execute()).toEqual([]);
  });
});
