import { describe, expect, it } from 'vitest';
import { REFUSED_REFUND_MESSAGES as R } from '@accountry/shared/refused-refunds';
import { EXTERNAL, balanceOf } from '../../lib/ledger';
import { orderCalls } from './chargebacks-test-helpers';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { adminWaiting, refundRowsOf, retryRefund, settleRefund } from './refused-refunds-test-helpers';
import {
  bankDecides,
  cardPaidOrder,
  clearingOf,
  openChargeback,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';
import { userWithSession } from '../../test/test-app';

/**
 * Decision 095 with 183: Stripe refuses the refund of a charge the buyer's bank disputes. While the bank decides,
 * nothing can be settled; once it returned the payment to the buyer, that settles the refund, and the chargeback has
 * that much less to recover.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 12_000;
const { post, detail } = orderCalls(() => ctx);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;

/** A card order canceled while Stripe was down, charged back by the buyer's bank before its refund could go. */
async function refusedWhileChargedBack() {
  const admin = await userWithSession(ctx, 'admin');
  const deal = await cardPaidOrder(ctx, PRICE);
  ctx.fake.setDown(true);
  const res = await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`).finally(() =>
    ctx.fake.setDown(false),
  );
  expect(res.statusCode).toBe(200);
  const before = await platformBalances(ctx);
  const disputeId = await openChargeback(ctx, deal.intent);
  ctx.fake.resources.refuseRefunds(deal.intent);
  await provider().sendPendingRefunds();
  const [refund] = await refundRowsOf(ctx, deal.orderId);
  expect(refund).toMatchObject({ status: 'refused' });
  return { ...deal, admin, disputeId, before, refundKey: refund!.idempotencyKey };
}

describe('a refund Stripe refused because the charge was disputed', () => {
  it('waits for the bank: neither retried nor settled while its chargeback is open', async () => {
    const deal = await refusedWhileChargedBack();
    const headers = deal.admin.session.headers;
    const balances = await platformBalances(ctx);
    for (const res of [
      await retryRefund(ctx, headers, deal.orderId, deal.refundKey),
      await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Bank transfer TR-1'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(R.chargebackOpen);
    }
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'refused' })]);
    expect(await platformBalances(ctx)).toEqual(balances);
  });

  it('is settled by the bank returning the payment: booked against what the chargeback left to recover', async () => {
    const deal = await refusedWhileChargedBack();
    const headers = deal.admin.session.headers;
    expect((await bankDecides(ctx, deal.disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const waiting = await adminWaiting(ctx, headers);
    // As booked today, the buyer would owe the chargeback back, the card refund being taken as made.
    expect((await detail(headers, deal.orderId)).chargeback.recovery).toMatchObject({
      from: 'buyer',
      outstandingCents: PRICE,
    });
    const external = await balanceOf(ctx.db, EXTERNAL);

    const res = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Chargeback lost: the bank returned it');
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.cardRefunds).toEqual([
      expect.objectContaining({
        status: 'settled',
        settlement: expect.objectContaining({ coveredByChargebackCents: PRICE }),
      }),
    ]);
    // Nobody owes anything: the buyer got the payment back once, from the bank, and the platform paid nothing more.
    expect(order.chargeback.recovery).toMatchObject({ outstandingCents: 0 });
    const after = await platformBalances(ctx);
    expect(after.receivable).toBe(deal.before.receivable);
    expect(await balanceOf(ctx.db, EXTERNAL)).toBe(external);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    expect(await adminWaiting(ctx, headers)).toMatchObject({
      refusedRefunds: waiting.refusedRefunds - 1,
      chargebacksToRecover: waiting.chargebacksToRecover - 1,
    });
  });

  it('once the bank decided for the seller, goes to Stripe again or is paid another way', async () => {
    const deal = await refusedWhileChargedBack();
    const headers = deal.admin.session.headers;
    expect((await bankDecides(ctx, deal.disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    ctx.fake.resources.allowRefunds(deal.intent);
    const res = await retryRefund(ctx, headers, deal.orderId, deal.refundKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
  });
});
