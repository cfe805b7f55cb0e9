import { describe, expect, it } from 'vitest';
import { EXTERNAL, balanceOf } from '../../lib/ledger';
import { FAKE_DISPUTE_FEE_CENTS as FEE } from '../../test/fake-stripe/fake-stripe-disputes';
import { adminWaiting, refundRowsOf, settleRefund } from './refused-refunds-test-helpers';
import { paidTwice } from './refunded-payment-disputes-test-helpers';
import {
  bankDecides,
  clearingOf,
  openChargeback,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decisions 095 and 244: the refund of a second payment of an order was refused by Stripe (the charge disputed), and
 * the bank then decided the dispute for the buyer: the bank returned the money Stripe kept, so recording the refund as
 * paid back takes the loss the dispute booked back, and the platform pays only what the bank did not return.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 7_000;
const TITLE = 'Diamond-rank Valorant account';
const withExternal = async () => ({ ...(await platformBalances(ctx)), external: await balanceOf(ctx.db, EXTERNAL) });

describe('a refused refund of a second payment whose dispute the bank decided for the buyer', () => {
  it('cannot be settled while the bank decides, then settles with what the bank returned', async () => {
    const deal = await paidTwice(ctx, PRICE, { refuseRefund: true });
    const [refund] = await refundRowsOf(ctx, deal.orderId);
    expect(refund).toMatchObject({ status: 'refused', sessionId: deal.secondSession });
    const headers = deal.admin.session.headers;
    const start = await withExternal();
    const disputeId = await openChargeback(ctx, deal.intent, { amount: 5_000 });
    const mail = (await ctx.mailsTo(deal.admin.user.email)).find((m) => m.subject.includes('second payment'));
    expect(mail?.subject).toBe(`A refunded second payment was disputed: ${TITLE}`);
    expect(mail?.text).toContain('which Accountry did not take (its refund has not reached the card)');

    const early = await settleRefund(ctx, headers, deal.orderId, refund!.idempotencyKey, 'Bank transfer TR-1');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/^A chargeback on this order is open/);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    // Stripe still holds what the bank left of the payment, which the refund still owes the buyer.
    const held = () => stripeHolds(ctx, deal.firstIntent, PRICE) + stripeHolds(ctx, deal.intent, PRICE);
    expect(await clearingOf(ctx, deal.orderId)).toBe(held() - PRICE);
    const before = await withExternal();
    const waiting = await adminWaiting(ctx, headers);

    const res = await settleRefund(ctx, headers, deal.orderId, refund!.idempotencyKey, 'Bank transfer TR-2');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({ settlement: expect.objectContaining({ coveredByChargebackCents: 5_000 }) }),
    ]);
    // The bank's $50.00 came from the payment Stripe kept, not the platform; the other $20.00 the platform paid.
    expect(await clearingOf(ctx, deal.orderId)).toBe(held());
    expect(await withExternal()).toEqual({
      ...before,
      clearing: before.clearing - PRICE,
      expenses: before.expenses + 5_000,
      external: before.external + 2_000,
    });
    // In the end the dispute cost the platform Stripe's fee alone.
    expect((await withExternal()).expenses).toBe(start.expenses - FEE);
    expect((await adminWaiting(ctx, headers)).refusedRefunds).toBe(waiting.refusedRefunds - 1);
  });
});
