import { describe, expect, it } from 'vitest';
import { REFUSED_REFUND_MESSAGES as R } from '@accountry/shared/refused-refunds';
import { signInAs, userWithSession } from '../../test/test-app';
import { ledgerSnapshot } from './orders-test-helpers';
import {
  auditsOf,
  postingsOf,
  refundRowsOf,
  refusedRefundOrder,
  retryRefund,
  settleRefund,
} from './refused-refunds-test-helpers';
import { useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 095: settling a refused refund is written on the state it read (`status = 'refused'`), so of two admins at
 * once one wins and the other is told; only admins who are no party to the order may settle it (decision 190).
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const codes = (results: Array<{ statusCode: number }>) => results.map((r) => r.statusCode).sort();

describe('settling a refused refund', () => {
  it('by two admins at once: one settles it, the other gets a 409, and it is booked and audited once', async () => {
    const deal = await refusedRefundOrder(ctx);
    const other = await userWithSession(ctx, 'admin');
    const results = await Promise.all([
      settleRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey, 'TR-A'),
      settleRefund(ctx, other.session.headers, deal.orderId, deal.refundKey, 'TR-B'),
    ]);
    expect(codes(results)).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(R.notRefused);
    const winner = results[0]!.statusCode === 200 ? 'TR-A' : 'TR-B';
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'settled', settledReference: winner }),
    ]);
    expect(await postingsOf(ctx, deal.orderId, 'refund_outside_stripe')).toHaveLength(1);
    expect(await auditsOf(ctx, deal.orderId)).toHaveLength(1);
  });

  it('retried and settled at once: one of them wins', async () => {
    const deal = await refusedRefundOrder(ctx);
    const other = await userWithSession(ctx, 'admin');
    // Stripe's refunds unreachable: a retry that wins leaves the refund owed, which no settlement may then take. The
    // settlement still hears from Stripe that the payment has no dispute (decision 234).
    ctx.fake.loseAnswers('/v1/refunds', 10);
    const results = await Promise.all([
      retryRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey),
      settleRefund(ctx, other.session.headers, deal.orderId, deal.refundKey, 'TR-C'),
    ]).finally(() => ctx.fake.loseAnswers('/v1/refunds', 0));
    expect(codes(results)).toEqual([200, 409]);
    const [row] = await refundRowsOf(ctx, deal.orderId);
    const retried = results[0]!.statusCode === 200;
    expect(row?.status).toBe(retried ? 'pending' : 'settled');
    expect(await postingsOf(ctx, deal.orderId, 'refund_outside_stripe')).toHaveLength(retried ? 0 : 1);
    expect((await auditsOf(ctx, deal.orderId)).map((a) => a.action)).toEqual([
      retried ? 'order.refund_retry' : 'order.refund_settle',
    ]);
  });

  it('is for admins only, never one who is a party to the order, and only for a refund of that order', async () => {
    const deal = await refusedRefundOrder(ctx);
    const other = await refusedRefundOrder(ctx);
    const before = await ledgerSnapshot(ctx);
    const tries = (headers: Record<string, string>, orderId = deal.orderId, key = deal.refundKey) => [
      retryRefund(ctx, headers, orderId, key),
      settleRefund(ctx, headers, orderId, key, 'TR-D'),
    ];
    for (const res of await Promise.all(tries(deal.buyer.session.headers))) expect(res.statusCode).toBe(403);
    for (const res of await Promise.all(tries({}))) expect(res.statusCode).toBe(401);
    // The buyer and the seller made admins: each goes by the member rules on their own order.
    for (const party of [deal.buyer, deal.seller]) {
      await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', party.user.id).execute();
      const headers = (await signInAs(ctx, party.user.id)).headers;
      for (const res of await Promise.all(tries(headers))) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(R.ownOrder);
      }
    }
    // Another order's refund, or one that does not exist, is not this order's to settle.
    const admin = deal.admin.session.headers;
    for (const res of [
      ...(await Promise.all(tries(admin, deal.orderId, other.refundKey))),
      ...(await Promise.all(tries(admin, deal.orderId, 'no-such-refund'))),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(R.unknown);
    }
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'refused' })]);
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    expect(await auditsOf(ctx, deal.orderId)).toEqual([]);
  });
});
