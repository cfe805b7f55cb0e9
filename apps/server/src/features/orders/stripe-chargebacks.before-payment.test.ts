import { describe, expect, it } from 'vitest';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { listingChat } from './orders-test-helpers';
import {
  bankDecides,
  checkoutCompleted,
  openChargeback,
  orderStatus,
  pendingOrder,
  platformBalances,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/** Decision 183: Stripe reports the chargeback, or even the bank's decision, before the payment's own webhook. */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const HOLD = "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.";
const FEE = 1500;

const { detail, deliver, listingStatus } = orderCalls(() => ctx);

/** An order Stripe has the money of, its payment's webhook held back until `paid` is delivered. */
async function paidAtStripe(priceCents: number) {
  const deal = await pendingOrder(ctx, priceCents);
  const { sessionId, event: paid } = await checkoutCompleted(ctx, deal.buyer.session, deal.orderId);
  return { ...deal, paid, intent: ctx.fake.resources.sessions.get(sessionId)!.payment_intent! };
}

describe('a chargeback before its payment’s webhook', () => {
  it('open: the payment lands held, in the same transaction', async () => {
    const { buyer, seller, orderId, listing, paid, intent } = await paidAtStripe(6_500);
    await openChargeback(ctx, intent);
    expect(await orderStatus(ctx, orderId)).toBe('pending_payment');
    await ctx.deliverMail();
    const sentBefore = ctx.mailer.sent.length;
    expect((await ctx.fake.deliver(paid)).body).toEqual({ received: true, outcome: 'paid' });

    const held = await detail(seller.session.headers, orderId);
    expect(held).toMatchObject({ status: 'paid', actions: [], chargeback: { status: 'open', held: true } });
    const refused = await deliver(seller.session.headers, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(HOLD);
    expect(await listingChat(ctx, listing.id, buyer.user.id)).toContain(
      "The buyer's bank opened a chargeback on this payment. The order is on hold until the bank decides; " +
        "Accountry answers the bank with the order's records.",
    );
    await ctx.deliverMail();
    const told = ctx.mailer.sent.slice(sentBefore).filter((m) => m.subject.startsWith('A chargeback'));
    expect(told.map((m) => m.to).sort()).toEqual([buyer.user.email, seller.user.email].sort());
  });

  it('already lost: the payment lands and is refunded at once from escrow, the seller never paid', async () => {
    const before = await platformBalances(ctx);
    const { buyer, seller, orderId, listing, paid, intent } = await paidAtStripe(20_000);
    // The bank opens and decides (the dispute accepted in Stripe's dashboard) before the payment's webhook lands.
    const disputeId = await openChargeback(ctx, intent);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await ctx.fake.deliver(paid)).body).toEqual({ received: true, outcome: 'paid' });

    const order = await detail(buyer.session.headers, orderId);
    expect(order).toMatchObject({
      status: 'refunded',
      refundedCents: 20_000,
      chargeback: { status: 'lost', held: false },
    });
    expect(order.history.map((h: { to: string; actorKind: string }) => [h.to, h.actorKind]).slice(-2)).toEqual([
      ['paid', 'provider'],
      ['refunded', 'provider'],
    ]);
    expect((await deliver(seller.session.headers, orderId)).statusCode).toBe(409);
    // The bank has the payment back and the platform paid Stripe's fee; nothing reached the seller or was refunded twice.
    expect(await platformBalances(ctx)).toEqual({
      escrow: before.escrow,
      clearing: before.clearing + FEE,
      fees: before.fees,
      expenses: before.expenses - FEE,
      // Escrow held the money: nothing is owed by a member.
      receivable: before.receivable,
    });
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(0);
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(0);
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    expect(await listingStatus(listing.id)).toBe('active');
    expect(await listingChat(ctx, listing.id, buyer.user.id)).toContain(
      "The buyer's bank decided the chargeback for the buyer: the payment went back to the card, so the order is refunded.",
    );
    // Stripe repeats the payment's event: nothing more happens.
    expect((await ctx.fake.deliver(paid)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
  });

  it('already lost in part: the rest of the payment goes to the buyer’s balance, as for an order never delivered', async () => {
    const before = await platformBalances(ctx);
    const { buyer, orderId, paid, intent } = await paidAtStripe(8_000);
    const disputeId = await openChargeback(ctx, intent, { amount: 3_000 });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await ctx.fake.deliver(paid)).status).toBe(200);

    expect(await detail(buyer.session.headers, orderId)).toMatchObject({ status: 'refunded', refundedCents: 8_000 });
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(5_000);
    expect(await platformBalances(ctx)).toMatchObject({
      escrow: before.escrow,
      clearing: before.clearing - 8_000 + 3_000 + FEE,
    });
  });

  it('already won: the payment lands unheld and the order goes on', async () => {
    const { buyer, seller, orderId, paid, intent } = await paidAtStripe(6_000);
    const disputeId = await openChargeback(ctx, intent);
    expect((await bankDecides(ctx, disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    expect((await ctx.fake.deliver(paid)).status).toBe(200);

    expect(await detail(buyer.session.headers, orderId)).toMatchObject({
      status: 'paid',
      chargeback: { status: 'won', held: false },
    });
    expect((await deliver(seller.session.headers, orderId)).statusCode).toBe(200);
  });
});
