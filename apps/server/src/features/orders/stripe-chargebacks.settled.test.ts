import { describe, expect, it } from 'vitest';
import { settledChargebackText } from '@accountry/shared/chargeback-notice';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { userWithSession } from '../../test/test-app';
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
import { orderCalls } from './chargebacks-test-helpers';

/**
 * Decision 183: a chargeback on an order settled in any part before it (the seller paid, or the card refunded) is
 * recorded without a hold, escrow holding nothing of it: what the bank took is booked as owed to the platform, and the
 * order page tells an admin to recover it.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const FEE = 1500;

const { post, detail } = orderCalls(() => ctx);

/** A card order delivered, disputed by its buyer and decided by an admin (`refundCents` of it back to the card). */
async function decidedByAnAdmin(refundCents: number) {
  const deal = await cardPaidOrder(ctx, 20_000);
  const { buyer, seller, orderId } = deal;
  const delivered = await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
    credentials: { login: 'ace', password: 'Hunter-22' },
  });
  expect(delivered.statusCode).toBe(200);
  await post(buyer.session.headers, `/api/orders/${orderId}/dispute`, { reason: 'Half the items are missing.' });
  const admin = await userWithSession(ctx, 'admin');
  const decision =
    refundCents === 20_000
      ? { outcome: 'refund', reason: 'None of the items were there.' }
      : { outcome: 'partial_refund', refundCents, reason: 'Half the items were missing.' };
  expect((await post(admin.session.headers, `/api/admin/orders/${orderId}/decision`, decision)).statusCode).toBe(200);
  return { ...deal, admin };
}

describe('a chargeback on an order settled before it', () => {
  it('after a partial refund: recorded only, and the admin is told to recover it from the seller', async () => {
    const { buyer, seller, orderId, intent, admin } = await decidedByAnAdmin(5_000);
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(14_250);
    const before = await platformBalances(ctx);
    // The bank then takes the rest of the charge ($150.00) back from the platform.
    const disputeId = await openChargeback(ctx, intent, { amount: 15_000 });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });

    const order = await detail(admin.session.headers, orderId);
    expect(order).toMatchObject({
      status: 'refunded',
      refundedCents: 5_000,
      chargeback: { status: 'lost', held: false, settledBefore: true },
    });
    // Escrow gave out everything before the chargeback: the seller keeps what they were paid until an admin acts.
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(14_250);
    // What the bank took is owed to the platform, so the card money the ledger books is still what Stripe holds.
    expect(await platformBalances(ctx)).toEqual({
      ...before,
      clearing: before.clearing + 15_000 + FEE,
      expenses: before.expenses - FEE,
      receivable: before.receivable - 15_000,
    });
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, 20_000));
    // Before, the admin read "the rest of the payment went to the seller ... as in a partial refund" and no prompt.
    expect(settledChargebackText(order, order.chargeback, 'admin')).toEqual({
      text:
        "The seller was paid before the chargeback and the bank took $150.00 back: recover it from the seller's " +
        'balance below. Their balance is on',
      recoverFrom: 'seller',
    });
    expect(order.chargeback.recovery).toEqual({
      from: 'seller',
      takenCents: 15_000,
      recoveredCents: 0,
      outstandingCents: 15_000,
    });
    const seen = await detail(seller.session.headers, orderId);
    expect(seen.chargeback).toMatchObject({ settledBefore: true, recovery: null });
    expect(settledChargebackText(seen, seen.chargeback, 'seller')?.text).toBe(
      'You were paid for this order before the chargeback. The bank returned $150.00 to the buyer, so an admin will ' +
        'take $150.00 back from your balance; you will see it in your balance history.',
    );
    expect(settledChargebackText(order, (await detail(buyer.session.headers, orderId)).chargeback, 'buyer')).toBeNull();
  });

  it('after a refund in full to the card: the admin is told to recover it from the buyer', async () => {
    const { buyer, orderId, intent, admin } = await decidedByAnAdmin(20_000);
    const disputeId = await openChargeback(ctx, intent);
    const opened = await detail(admin.session.headers, orderId);
    expect(opened.chargeback).toMatchObject({ status: 'open', held: false, settledBefore: true });
    expect(settledChargebackText(opened, opened.chargeback, 'admin')).toEqual({
      text:
        "The buyer's card was refunded before the chargeback: if the bank decides for the buyer as well, the " +
        "$200.00 it returns is recovered from the buyer's balance here. Their balance is on",
      recoverFrom: 'buyer',
    });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const order = await detail(admin.session.headers, orderId);
    expect(order).toMatchObject({
      status: 'refunded',
      refundedCents: 20_000,
      chargeback: { status: 'lost', recovery: { from: 'buyer', outstandingCents: 20_000 } },
    });
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, 20_000));
    expect(settledChargebackText(order, order.chargeback, 'admin')).toEqual({
      text:
        "The buyer's card was refunded before the chargeback and the bank returned $200.00 to it again: recover it " +
        "from the buyer's balance below. Their balance is on",
      recoverFrom: 'buyer',
    });
    const mine = await detail(buyer.session.headers, orderId);
    expect(settledChargebackText(mine, mine.chargeback, 'buyer')?.text).toBe(
      'Your card was refunded before the chargeback and the bank returned $200.00 to it again, so an admin will ' +
        'take $200.00 back from your balance; you will see it in your balance history.',
    );
  });

  it('is not said of an order the chargeback itself refunded', async () => {
    const { buyer, orderId, intent } = await cardPaidOrder(ctx, 9_000);
    const disputeId = await openChargeback(ctx, intent);
    await bankDecides(ctx, disputeId, 'lost');
    const order = await detail(buyer.session.headers, orderId);
    expect(order).toMatchObject({ status: 'refunded', chargeback: { status: 'lost', settledBefore: false } });
    expect(settledChargebackText(order, order.chargeback, 'buyer')).toBeNull();
  });
});
