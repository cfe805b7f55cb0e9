import { describe, expect, it } from 'vitest';
import { ordersContext } from './orders-context';
import { refundRetryDelay, type StripePaymentProvider } from './stripe-payment-provider';
import { insertRefundOwed } from './stripe-refunds.repository';
import { cardPaidOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';
import { refuseWrites } from '../../test/refused-writes';
import { userWithSession } from '../../test/test-app';

let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { post } = orderCalls(() => ctx);
const refundsFor = (intent: string) => ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent);
const owed = (orderId: string) =>
  ctx.db.selectFrom('stripeRefunds').selectAll().where('orderId', '=', orderId).execute();
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;

/** `count` refunds owed on one card payment that Stripe refuses for good (the bank charged it back), owed earlier. */
async function refusedRefunds(count: number) {
  const { orderId, intent } = await cardPaidOrder(ctx, 10_000);
  const order = await ctx.db.selectFrom('orders').select('providerRef').where('id', '=', orderId).executeTakeFirst();
  ctx.fake.resources.refuseRefunds(intent);
  const earlier = ctx.clock.now() - 3600_000;
  for (let i = 0; i < count; i++)
    await insertRefundOwed(ctx.db, {
      idempotencyKey: `${orderId}:refund:${i}`,
      orderId,
      sessionId: order!.providerRef!,
      amountCents: 100,
      createdAt: earlier + i,
    });
  return { orderId, intent };
}

/** A paid order canceled while Stripe is unreachable: its refund is owed, to be sent by a retry. */
async function refundOwedAfterOutage(priceCents: number) {
  const { buyer, orderId, intent } = await cardPaidOrder(ctx, priceCents);
  ctx.fake.setDown(true);
  const res = await post(buyer.session.headers, `/api/orders/${orderId}/cancel`).finally(() => ctx.fake.setDown(false));
  expect(res.statusCode).toBe(200);
  expect(await owed(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
  return { orderId, intent };
}

describe('retrying refunds owed through Stripe', () => {
  it('sends a newer refund although fifty older ones are refused by Stripe, and sets the refused ones aside', async () => {
    const stuck = await refusedRefunds(50);
    const newer = await refundOwedAfterOutage(7_500);
    // The sweep's beat, a few times over.
    for (let round = 0; round < 3; round++) {
      await provider().sendPendingRefunds();
      ctx.clock.advance(3600_000);
    }
    expect(refundsFor(newer.intent).map((r) => r.amount)).toEqual([7_500]);
    expect(await owed(newer.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
    // Refused for good: not asked again, and waiting for an admin.
    expect(refundsFor(stuck.intent)).toEqual([]);
    const rows = await owed(stuck.orderId);
    expect(rows.map((r) => r.status)).toEqual(Array(50).fill('refused'));
    expect(rows.every((r) => r.attempts === 1 && r.lastError?.includes('cannot be refunded'))).toBe(true);
  });

  it('puts a refund that failed back behind the others, and tries it again only when its time comes', async () => {
    const first = await refundOwedAfterOutage(3_000);
    ctx.clock.advance(1000);
    const second = await refundOwedAfterOutage(4_000);
    // Stripe fails the older one (the only one taken); the next round takes the newer one first.
    ctx.fake.setDown(true);
    expect(
      await provider()
        .sendPendingRefunds(1)
        .finally(() => ctx.fake.setDown(false)),
    ).toBe(0);
    expect(await provider().sendPendingRefunds(1)).toBe(1);
    expect(refundsFor(second.intent).map((r) => r.amount)).toEqual([4_000]);
    // The failed one waits out its backoff, then goes, once (tried after the cancel, by the failed retry, and now).
    expect(await provider().sendPendingRefunds()).toBe(0);
    ctx.clock.advance(3600_000);
    expect(await provider().sendPendingRefunds()).toBe(1);
    expect(await provider().sendPendingRefunds()).toBe(0);
    expect(refundsFor(first.intent).map((r) => r.amount)).toEqual([3_000]);
    expect(await owed(first.orderId)).toEqual([expect.objectContaining({ status: 'sent', attempts: 3 })]);
  });

  it('tries a refusal it could not record again later, each time later still, and sends the others meanwhile', async () => {
    // Stripe refuses the older refund, and the admin's mail of it cannot be queued: the refusal is not recorded.
    const admin = await userWithSession(ctx, 'admin');
    const lift = await refuseWrites(ctx.handle, 'mail_outbox', 'to', admin.user.email, ['insert']);
    const stuck = await refusedRefunds(1);
    const newer = await refundOwedAfterOutage(6_500);
    try {
      expect(await provider().sendPendingRefunds()).toBe(1);
      expect(refundsFor(newer.intent).map((r) => r.amount)).toEqual([6_500]);
      const [first] = await owed(stuck.orderId);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: ctx.clock.now() + 60_000 });
      expect(first?.lastError).toContain('refused by the test');
      ctx.clock.advance(60_000);
      expect(await provider().sendPendingRefunds()).toBe(0);
      const [second] = await owed(stuck.orderId);
      expect(second).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: ctx.clock.now() + 120_000 });
    } finally {
      await lift();
    }
    // The fault mended, the next try records the refusal and the admin hears of it.
    ctx.clock.advance(refundRetryDelay(2));
    await provider().sendPendingRefunds();
    expect(await owed(stuck.orderId)).toEqual([expect.objectContaining({ status: 'refused' })]);
    expect((await ctx.mailsTo(admin.user.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Stripe refused a refund: /),
    ]);
    expect(refundsFor(stuck.intent)).toEqual([]);
  });
});
