import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import { EXTERNAL, balanceOf } from '../../lib/ledger';
import { userWithSession } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { adminWaiting, postingsOf, refundRowsOf, settleRefund } from './refused-refunds-test-helpers';
import {
  bankDecides,
  checkoutCompleted,
  clearingOf,
  openChargeback,
  orderStatus,
  pendingOrder,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decision 095: a payment that came after its order could no longer be paid is refunded at once and never booked. When
 * Stripe refused that refund (the charge disputed) and the bank then decided the chargeback for the buyer, the bank
 * already returned the payment: recording the refund as paid back books nothing for what the bank returned.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 9_000;
const TITLE = 'Diamond-rank Valorant account';

/** An order that expired while its buyer paid on Stripe's page: the late payment's refund refused, then disputed. */
async function lateRefundRefusedAndDisputed(disputedCents = PRICE) {
  const admin = await userWithSession(ctx, 'admin');
  const { buyer, orderId } = await pendingOrder(ctx, PRICE);
  const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
  const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
  ctx.clock.advance(PAYMENT_WINDOW_MS + 1000);
  await sweepOrders(ordersContext(ctx.deps));
  expect(await orderStatus(ctx, orderId)).toBe('expired');
  ctx.fake.resources.refuseRefunds(intent);
  expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
  const [refund] = await refundRowsOf(ctx, orderId);
  expect(refund).toMatchObject({ status: 'refused', amountCents: PRICE });
  const disputeId = await openChargeback(ctx, intent, { amount: disputedCents });
  expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
  return { admin, buyer, orderId, intent, refundKey: refund!.idempotencyKey };
}

describe('a refused refund of a payment made after its order could no longer be paid, charged back', () => {
  it('the bank returned all of it: settled, nothing booked, and the ledger still says what Stripe holds', async () => {
    const deal = await lateRefundRefusedAndDisputed();
    const headers = deal.admin.session.headers;
    // Stripe got the payment and the bank took it back: it holds none of it (less its dispute fee), as the ledger says.
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    const before = { ...(await platformBalances(ctx)), external: await balanceOf(ctx.db, EXTERNAL) };
    const waiting = await adminWaiting(ctx, headers);

    const res = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Chargeback lost: the bank returned it');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({
        status: 'settled',
        settlement: expect.objectContaining({ coveredByChargebackCents: PRICE }),
      }),
    ]);
    // Before, the platform was booked as paying it back a second time: $90.00 out of `stripe_clearing` to `external`.
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    expect({ ...(await platformBalances(ctx)), external: await balanceOf(ctx.db, EXTERNAL) }).toEqual(before);
    expect(await postingsOf(ctx, deal.orderId, 'refund_outside_stripe')).toEqual([]);
    expect((await adminWaiting(ctx, headers)).refusedRefunds).toBe(waiting.refusedRefunds - 1);
    const mail = (await ctx.mailsTo(deal.buyer.user.email)).at(-1);
    expect(mail?.subject).toBe(`Your refund of $90.00 was paid back: ${TITLE}`);
    expect(mail?.text).toContain(
      `Stripe could not return $90.00 to your card for "${TITLE}": your bank had already returned the payment to ` +
        'you in the chargeback it decided for you, which settles the refund.',
    );
  });

  it('the bank returned part of it: only the rest is booked as paid by the platform', async () => {
    const deal = await lateRefundRefusedAndDisputed(6_000);
    const headers = deal.admin.session.headers;
    const before = { ...(await platformBalances(ctx)), external: await balanceOf(ctx.db, EXTERNAL) };

    const res = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Bank transfer TR-4410');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({ settlement: expect.objectContaining({ coveredByChargebackCents: 6_000 }) }),
    ]);
    // Stripe still holds the $30.00 the bank left; the platform paid the buyer that much from its own money.
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    const after = { ...(await platformBalances(ctx)), external: await balanceOf(ctx.db, EXTERNAL) };
    expect(after).toEqual({ ...before, clearing: before.clearing - 3_000, external: before.external + 3_000 });
    const mail = (await ctx.mailsTo(deal.buyer.user.email)).at(-1);
    expect(mail?.text).toContain(
      `Stripe could not return $90.00 to your card for "${TITLE}": your bank returned $60.00 of it in the ` +
        'chargeback it decided for you, and an Accountry admin paid back the other $30.00 another way.',
    );
  });
});
