import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import type { Session } from '../../test/test-app';
import { blockEndingDeals } from './blocked-deals.service';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import {
  checkoutCompleted,
  moneySnapshot,
  orderStatus,
  pay,
  pendingOrder,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * A card order across a block (decision 180): no Checkout page is handed out once a block completed, and a payment made
 * on a page opened before the block is refunded at once, never taken, even when its event comes again after an unblock.
 */
let ctx: StripeTestContext;
let interleave: Interleave;
let second: DatabaseHandle;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
});

const blocks = (session: Session, userId: string, method: 'POST' | 'DELETE') =>
  ctx.app.inject({
    method,
    url: method === 'POST' ? '/api/chat/blocks' : `/api/chat/blocks/${userId}`,
    headers: session.headers,
    ...(method === 'POST' ? { payload: { userId } } : {}),
  });

const orderRow = (id: string) =>
  ctx.db.selectFrom('orders').select(['status', 'providerRef']).where('id', '=', id).executeTakeFirstOrThrow();

describe('paying a card order across a block', () => {
  it('a block completed while Stripe makes the page: 403, and no page is stored or shown', async () => {
    const { seller, buyer, orderId } = await pendingOrder(ctx, 5_000);
    // Right after the press's first look found no block, the seller's block runs to its end on another connection.
    interleave.arm('user_blocks', async () => {
      await blockEndingDeals({ ...ctx.deps, db: second }, seller.user.id, buyer.user.id, async (trx) => {
        await trx
          .insertInto('userBlocks')
          .values({ blockerId: seller.user.id, blockedId: buyer.user.id, createdAt: ctx.clock.now() })
          .execute();
      });
    });
    const res = await pay(ctx, buyer.session, orderId);
    expect([res.statusCode, res.json().error?.message]).toEqual([403, 'You cannot buy from this seller.']);
    // The block, let through once the press's transaction ended, canceled the unpaid order.
    expect(await orderRow(orderId)).toEqual({ status: 'canceled', providerRef: null });
  });

  it('a payment on a page opened before the block is refunded, and not taken after an unblock', async () => {
    const { seller, buyer, orderId } = await pendingOrder(ctx, 6_000);
    const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
    expect((await blocks(seller.session, buyer.user.id, 'POST')).statusCode).toBe(204);
    const before = await moneySnapshot(ctx);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    // The block lifted, Stripe sends the event again: the payment already refunded is not taken.
    expect((await blocks(seller.session, buyer.user.id, 'DELETE')).statusCode).toBe(204);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([6_000]);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(await moneySnapshot(ctx)).toEqual(before);
  });
});
