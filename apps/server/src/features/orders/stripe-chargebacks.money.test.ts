import { describe, expect, it, vi } from 'vitest';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { userWithSession } from '../../test/test-app';
import { listingChat } from './orders-test-helpers';
import {
  bankDecides,
  cardPaidOrder,
  useStripeTestApp,
  openChargeback,
  platformBalances,
  type StripeTestContext,
} from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/** Decision 183: a chargeback books what the bank and Stripe took: part of the payment, and Stripe's dispute fee. */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const FEE = 1500;

const { detail, deliver, listingStatus } = orderCalls(() => ctx);
const feeTransactions = (orderId: string) =>
  ctx.db
    .selectFrom('ledgerTransactions')
    .select(['kind', 'memo'])
    .where('orderId', '=', orderId)
    .where('kind', 'in', ['dispute_fee', 'dispute_fee_returned'])
    .orderBy('createdAt')
    .orderBy('kind')
    .execute();
const walletLines = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/wallet/entries', headers })).json().items;

describe('a partial chargeback', () => {
  it('lost on a delivered order refunds what the bank took and pays the seller the rest, less the fee', async () => {
    const before = await platformBalances(ctx);
    const { buyer, seller, orderId, intent, listing } = await cardPaidOrder(ctx, 20_000);
    expect((await deliver(seller.session.headers, orderId)).statusCode).toBe(200);
    const disputeId = await openChargeback(ctx, intent, { amount: 5_000 });
    expect((await detail(buyer.session.headers, orderId)).chargeback).toMatchObject({ amountCents: 5_000 });

    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const order = await detail(seller.session.headers, orderId);
    // 5% of the $150.00 the seller keeps, as an admin's partial refund takes it.
    expect(order).toMatchObject({
      status: 'refunded',
      refundedCents: 5_000,
      feeCents: 750,
      sellerReceivesCents: 14_250,
    });
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(14_250);
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(0);
    // Escrow is empty again; Stripe holds the $150.00 the bank left less its $15.00 fee, which the platform paid.
    expect(await platformBalances(ctx)).toEqual({
      escrow: before.escrow,
      clearing: before.clearing - 20_000 + 5_000 + FEE,
      fees: before.fees + 750,
      expenses: before.expenses - FEE,
      // Escrow held the money: nothing is owed by a member.
      receivable: before.receivable,
    });
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    // The account was handed over: the listing stays sold.
    expect(await listingStatus(listing.id)).toBe('sold');
    expect(await listingChat(ctx, listing.id, buyer.user.id)).toContain(
      "The buyer's bank decided the chargeback for the buyer: $50.00 went back to the card and the rest of the " +
        'payment goes to the seller, so the order is partly refunded.',
    );
    const [line] = await walletLines(seller.session.headers);
    expect(line).toMatchObject({
      kind: 'order_refund',
      availableCents: 14_250,
      sale: { priceCents: 20_000, refundedCents: 5_000, feeCents: 750, paidCents: 14_250 },
    });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(14_250);
  });

  it('lost before delivery refunds the buyer in full: the rest to their balance, the listing back on sale', async () => {
    const before = await platformBalances(ctx);
    const { buyer, seller, orderId, intent, listing } = await cardPaidOrder(ctx, 8_000);
    const disputeId = await openChargeback(ctx, intent, { amount: 3_000 });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });

    expect(await detail(buyer.session.headers, orderId)).toMatchObject({ status: 'refunded', refundedCents: 8_000 });
    // Stripe refunds nothing of a charged-back payment: the $50.00 the bank left goes to the buyer's balance.
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(5_000);
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(0);
    expect(await platformBalances(ctx)).toEqual({
      escrow: before.escrow,
      clearing: before.clearing - 8_000 + 3_000 + FEE,
      fees: before.fees,
      expenses: before.expenses - FEE,
      // Escrow held the money: nothing is owed by a member.
      receivable: before.receivable,
    });
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    expect(await listingStatus(listing.id)).toBe('active');
    expect(await listingChat(ctx, listing.id, buyer.user.id)).toContain(
      "The buyer's bank decided the chargeback for the buyer: $30.00 went back to the card and the other $50.00 to " +
        "the buyer's Accountry balance, so the order is refunded in full.",
    );
    const [line] = await walletLines(buyer.session.headers);
    expect(line).toMatchObject({ kind: 'order_refund', availableCents: 5_000, orderId, sale: null });
  });

  it('above the charge, or in another currency, is booked as the whole price with a warning', async () => {
    const warn = vi.spyOn(ctx.deps.log, 'warn');
    try {
      for (const options of [{ amount: 25_000 }, { amount: 4_000, currency: 'eur' }]) {
        const before = await platformBalances(ctx);
        const { buyer, orderId, intent } = await cardPaidOrder(ctx, 20_000);
        const disputeId = await openChargeback(ctx, intent, options);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ orderId, chargebackId: disputeId, priceCents: 20_000 }),
          'chargeback amount is not one of the order: taken as the whole price',
        );
        expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
        const order = await detail(buyer.session.headers, orderId);
        expect(order).toMatchObject({ status: 'refunded', refundedCents: 20_000, chargeback: { amountCents: 20_000 } });
        // Escrow gave exactly what it held for the order, and nothing else moved but the fee.
        expect(await platformBalances(ctx)).toEqual({
          ...before,
          clearing: before.clearing + FEE,
          expenses: -FEE + before.expenses,
        });
      }
    } finally {
      warn.mockRestore();
    }
  });
});

describe("Stripe's dispute fee", () => {
  it('is booked once as the platform’s cost, given back when Stripe returns it, and shown to admins alone', async () => {
    const before = await platformBalances(ctx);
    const { buyer, seller, orderId, intent } = await cardPaidOrder(ctx, 10_000);
    const disputeId = await openChargeback(ctx, intent);
    const opened = ctx.fake.event(
      'charge.dispute.created',
      structuredClone(ctx.fake.resources.disputes.get(disputeId)),
    );
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await platformBalances(ctx)).toMatchObject({ expenses: before.expenses - FEE, fees: before.fees });
    expect(await feeTransactions(orderId)).toEqual([{ kind: 'dispute_fee', memo: `Dispute ${disputeId}` }]);

    expect((await bankDecides(ctx, disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    // The opening again, late (Stripe does not promise order): it books nothing.
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await platformBalances(ctx)).toEqual({
      ...before,
      escrow: before.escrow + 10_000,
      clearing: before.clearing - 10_000,
    });
    expect((await feeTransactions(orderId)).map((t) => t.kind)).toEqual(['dispute_fee', 'dispute_fee_returned']);

    const admin = await userWithSession(ctx, 'admin');
    expect((await detail(admin.session.headers, orderId)).chargeback.fee).toEqual({
      chargedCents: FEE,
      returnedCents: FEE,
    });
    expect((await detail(buyer.session.headers, orderId)).chargeback.fee).toBeNull();
    expect((await detail(seller.session.headers, orderId)).chargeback.fee).toBeNull();
    // Never charged to the seller: nothing reached or left their balance.
    expect(await balanceOf(ctx.db, availableAccount(seller.user.id))).toBe(0);
  });

  it('stays the platform’s cost when Stripe keeps it, and is booked by a decision whose opening never came', async () => {
    const first = await cardPaidOrder(ctx, 6_000);
    const kept = await openChargeback(ctx, first.intent);
    const before = await platformBalances(ctx);
    expect((await bankDecides(ctx, kept, 'won', false)).body).toEqual({ received: true, outcome: 'won' });
    expect(await platformBalances(ctx)).toEqual(before);

    const second = await cardPaidOrder(ctx, 7_000);
    // The bank opened and decided; only the decision reaches us.
    const unseen = ctx.fake.resources.disputePayment(second.intent, { reason: 'fraudulent' });
    expect((await bankDecides(ctx, unseen.id, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect(await feeTransactions(second.orderId)).toEqual([{ kind: 'dispute_fee', memo: `Dispute ${unseen.id}` }]);
    expect(await platformBalances(ctx)).toMatchObject({ expenses: before.expenses - FEE });
    const admin = await userWithSession(ctx, 'admin');
    expect((await detail(admin.session.headers, first.orderId)).chargeback.fee).toEqual({
      chargedCents: FEE,
      returnedCents: 0,
    });
  });
});
