import { describe, expect, it } from 'vitest';
import { CHARGEBACK_RECOVERY_MESSAGES as R } from '@accountry/shared/chargeback-recovery';
import { settledChargebackText } from '@accountry/shared/chargeback-notice';
import { CHARGEBACK_RECEIVABLE, availableAccount, balanceOf, checkLedger } from '../../lib/ledger';
import { signInAs, userWithSession } from '../../test/test-app';
import { orderCalls } from './chargebacks-test-helpers';
import { completedCardOrder, decidedOnCompleted } from './settled-chargeback-test-helpers';
import {
  bankDecides,
  cardPaidOrder,
  clearingOf,
  openChargeback,
  orderStatus,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/**
 * Decision 183: what the bank takes of an order settled before its chargeback is booked, when Stripe takes it, from
 * `chargeback_receivable` to `stripe_clearing`, once per dispute; an admin recovers it from the paid member's balance.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const FEE = 1500;
const PRICE = 20_000;
const { detail, post } = orderCalls(() => ctx);
const recover = (headers: Record<string, string>, orderId: string, amountCents: unknown) =>
  post(headers, `/api/admin/orders/${orderId}/chargeback-recovery`, { amountCents });

/** The order's postings on the receivable: kind and signed cents, oldest first (the bank's first at one time). */
const receivableLines = (orderId: string) =>
  ctx.db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select(['t.kind', 'e.amountCents'])
    .where('t.orderId', '=', orderId)
    .where('e.accountId', '=', CHARGEBACK_RECEIVABLE)
    .orderBy('e.createdAt')
    .orderBy('t.kind', 'desc')
    .orderBy('e.amountCents')
    .execute();

const completedOrder = () => completedCardOrder(ctx, PRICE);
/** A completed order whose chargeback the bank decided for the buyer. */
const lostOnCompleted = () => decidedOnCompleted(ctx, PRICE);

const sellerAvailable = (deal: { seller: { user: { id: string } } }) =>
  balanceOf(ctx.db, availableAccount(deal.seller.user.id));

describe('what the bank took of a settled order', () => {
  it('is booked as owed when Stripe withdraws it, once, and not again for the loss or a repeat', async () => {
    const deal = await completedOrder();
    const { orderId, intent, admin } = deal;
    const before = await platformBalances(ctx);
    const disputeId = await openChargeback(ctx, intent);
    // Stripe took the $200.00 and its fee at the opening: the ledger books both then, as Stripe's balance shows.
    expect(await platformBalances(ctx)).toEqual({
      ...before,
      clearing: before.clearing + PRICE + FEE,
      expenses: before.expenses - FEE,
      receivable: before.receivable - PRICE,
    });
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, PRICE));
    const open = await detail(admin.session.headers, orderId);
    expect(open.chargeback.recovery).toEqual({
      from: 'seller',
      takenCents: PRICE,
      recoveredCents: 0,
      outstandingCents: PRICE,
    });
    // Nothing is taken from the seller before the bank decides against them.
    const early = await recover(admin.session.headers, orderId, 100);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(R.nothingToRecover);

    const booked = await platformBalances(ctx);
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'duplicate' });
    // The opening's event delivered again, late.
    const late = await ctx.fake.deliver(
      ctx.fake.event('charge.dispute.created', ctx.fake.resources.disputes.get(disputeId)!),
    );
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await platformBalances(ctx)).toEqual(booked);
    expect(await receivableLines(orderId)).toEqual([{ kind: 'chargeback_withdrawal', amountCents: -PRICE }]);
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, PRICE));
    // The seller keeps what they were paid until an admin recovers it.
    expect(await sellerAvailable(deal)).toBe(19_000);
  });

  it('lost with no withdrawal reported is booked at the decision: the bank keeps the amount it disputed', async () => {
    const { orderId, intent } = await completedOrder();
    const before = await platformBalances(ctx);
    // The opening's webhook never reached us, and the decision lists no balance movement of the funds.
    const event = ctx.fake.chargeback(intent, { amount: 7_000, feeCents: 0 });
    const dispute = ctx.fake.resources.disputes.get((event.data.object as { id: string }).id)!;
    dispute.balance_transactions = [];
    expect((await bankDecides(ctx, dispute.id, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect(await receivableLines(orderId)).toEqual([{ kind: 'chargeback_withdrawal', amountCents: -7_000 }]);
    expect(await platformBalances(ctx)).toEqual({
      ...before,
      clearing: before.clearing + 7_000,
      receivable: before.receivable - 7_000,
    });
  });

  it('won after the withdrawal is booked back as Stripe reinstates the funds: nothing to recover', async () => {
    const { orderId, intent, admin } = await completedOrder();
    const before = await platformBalances(ctx);
    const disputeId = await openChargeback(ctx, intent);
    expect((await bankDecides(ctx, disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    // The funds and the fee came back: every account is where it was.
    expect(await platformBalances(ctx)).toEqual(before);
    expect(await receivableLines(orderId)).toEqual([
      { kind: 'chargeback_withdrawal', amountCents: -PRICE },
      { kind: 'chargeback_reinstatement', amountCents: PRICE },
    ]);
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, PRICE));
    const order = await detail(admin.session.headers, orderId);
    expect(order.chargeback.recovery).toEqual({
      from: 'seller',
      takenCents: 0,
      recoveredCents: 0,
      outstandingCents: 0,
    });
    expect(settledChargebackText(order, order.chargeback, 'admin')).toBeNull();
    expect((await recover(admin.session.headers, orderId, 100)).json().error.message).toBe(R.nothingToRecover);
  });

  it('is not booked for an order escrow still held: its refund pays the bank, nothing to recover', async () => {
    const { orderId, intent, buyer } = await cardPaidOrder(ctx, 6_000);
    const disputeId = await openChargeback(ctx, intent);
    await bankDecides(ctx, disputeId, 'lost');
    expect(await receivableLines(orderId)).toEqual([]);
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, 6_000));
    const admin = await userWithSession(ctx, 'admin');
    expect((await detail(admin.session.headers, orderId)).chargeback).toMatchObject({ recovery: null });
    const res = await recover(admin.session.headers, orderId, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(R.nothingToRecover);
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(0);
  });
});

describe('recovering a chargeback', () => {
  it("moves what the admin enters from the seller's balance to the receivable, never more than is left", async () => {
    const deal = await lostOnCompleted();
    const { orderId, seller, admin } = deal;
    const before = await platformBalances(ctx);

    const first = await recover(admin.session.headers, orderId, 5_000);
    expect(first.statusCode).toBe(200);
    expect(first.json().chargeback.recovery).toEqual({
      from: 'seller',
      takenCents: PRICE,
      recoveredCents: 5_000,
      outstandingCents: 15_000,
    });
    expect(await sellerAvailable(deal)).toBe(14_000);
    expect(await platformBalances(ctx)).toEqual({ ...before, receivable: before.receivable + 5_000 });
    const lines = (
      await ctx.app.inject({ method: 'GET', url: '/api/wallet/entries', headers: seller.session.headers })
    ).json().items;
    expect(lines[0]).toMatchObject({ kind: 'chargeback_recovery', availableCents: -5_000, orderId });
    const audit = await ctx.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'details'])
      .where('targetId', '=', orderId)
      .where('action', '=', 'order.chargeback_recovery')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.user.id);
    expect(JSON.parse(audit[0].details)).toMatchObject({ memberId: seller.user.id, amountCents: 5_000 });

    // More than the $150.00 left: refused, nothing moves.
    const tooMuch = await recover(admin.session.headers, orderId, 15_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(R.moreThanLeft);
    // The seller holds $140.00 of the $150.00 left: refused as a whole, nothing moves.
    const short = await recover(admin.session.headers, orderId, 15_000);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe(R.balanceTooLow);
    expect(await sellerAvailable(deal)).toBe(14_000);
    expect((await detail(admin.session.headers, orderId)).chargeback.recovery.outstandingCents).toBe(15_000);

    const credited = await post(admin.session.headers, `/api/admin/users/${seller.user.id}/balance-credits`, {
      amountCents: 1_000,
      reason: 'Bank transfer from the seller',
      requestId: newCreditRequestId(),
    });
    expect(credited.statusCode).toBe(200);
    const rest = await recover(admin.session.headers, orderId, 15_000);
    expect(rest.statusCode).toBe(200);
    const order = rest.json();
    expect(order.chargeback.recovery).toMatchObject({ recoveredCents: PRICE, outstandingCents: 0 });
    expect(settledChargebackText(order, order.chargeback, 'admin')).toEqual({
      text:
        'The seller was paid before the chargeback and the bank took $200.00 back; it was recovered from the ' +
        "seller's balance.",
      recoverFrom: null,
    });
    expect(await sellerAvailable(deal)).toBe(0);
    expect(await platformBalances(ctx)).toEqual({ ...before, receivable: before.receivable + PRICE });
    expect(await receivableLines(orderId)).toEqual([
      { kind: 'chargeback_withdrawal', amountCents: -PRICE },
      { kind: 'chargeback_recovery', amountCents: 5_000 },
      { kind: 'chargeback_recovery', amountCents: 15_000 },
    ]);

    const again = await recover(admin.session.headers, orderId, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(R.alreadyRecovered);
    expect(await checkLedger(ctx.db)).toEqual([]);
  });

  it("takes from the buyer's balance when their card was refunded in full before the chargeback", async () => {
    const deal = await cardPaidOrder(ctx, 9_000);
    const { orderId, intent, buyer } = deal;
    const admin = await userWithSession(ctx, 'admin');
    expect((await post(buyer.session.headers, `/api/orders/${orderId}/cancel`, { reason: '' })).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    const disputeId = await openChargeback(ctx, intent);
    await bankDecides(ctx, disputeId, 'lost');
    expect(await clearingOf(ctx, orderId)).toBe(stripeHolds(ctx, intent, 9_000));
    await post(admin.session.headers, `/api/admin/users/${buyer.user.id}/balance-credits`, {
      amountCents: 9_000,
      reason: 'Bank transfer from the buyer',
      requestId: newCreditRequestId(),
    });
    const res = await recover(admin.session.headers, orderId, 9_000);
    expect(res.statusCode).toBe(200);
    expect(res.json().chargeback.recovery).toEqual({
      from: 'buyer',
      takenCents: 9_000,
      recoveredCents: 9_000,
      outstandingCents: 0,
    });
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(0);
  });

  it('lets one of two admins recovering the same rest at once take it', async () => {
    const deal = await lostOnCompleted();
    const other = await userWithSession(ctx, 'admin');
    await post(deal.admin.session.headers, `/api/admin/users/${deal.seller.user.id}/balance-credits`, {
      amountCents: 1_000,
      reason: 'Bank transfer from the seller',
      requestId: newCreditRequestId(),
    });
    const both = await Promise.all([
      recover(deal.admin.session.headers, deal.orderId, PRICE),
      recover(other.session.headers, deal.orderId, PRICE),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await sellerAvailable(deal)).toBe(0);
    expect(await receivableLines(deal.orderId)).toEqual([
      { kind: 'chargeback_withdrawal', amountCents: -PRICE },
      { kind: 'chargeback_recovery', amountCents: PRICE },
    ]);
  });

  it('is refused to members, to an admin party to the order, and for an amount that is not whole cents', async () => {
    const deal = await lostOnCompleted();
    const { orderId, seller, buyer, admin } = deal;
    expect((await recover(buyer.session.headers, orderId, 100)).statusCode).toBe(403);
    for (const amount of [0, -5, 1.5, '100', null]) {
      const bad = await recover(admin.session.headers, orderId, amount);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(R.amount);
    }
    expect((await recover(admin.session.headers, 'no-such-order', 100)).statusCode).toBe(404);
    // The buyer who charged the card back is an admin too: they may not take it from the seller themselves (decision
    // 190), and neither may the seller, from their own balance.
    for (const party of [buyer, seller]) {
      await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', party.user.id).execute();
      const own = await recover((await signInAs(ctx, party.user.id)).headers, orderId, 100);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(
        'You cannot recover a chargeback on your own order as an admin. Another admin has to.',
      );
    }
    expect(await sellerAvailable(deal)).toBe(19_000);
    expect((await detail(admin.session.headers, orderId)).chargeback.recovery.outstandingCents).toBe(PRICE);
  });

  it("is refused to the seller, an admin, of a canceled order whose buyer's card was refunded and charged back", async () => {
    const deal = await cardPaidOrder(ctx, 9_000);
    const { orderId, intent, buyer, seller } = deal;
    const admin = await userWithSession(ctx, 'admin');
    expect((await post(buyer.session.headers, `/api/orders/${orderId}/cancel`, { reason: '' })).statusCode).toBe(200);
    await bankDecides(ctx, await openChargeback(ctx, intent), 'lost');
    const credit = { amountCents: 9_000, reason: 'Bank transfer from the buyer', requestId: newCreditRequestId() };
    await post(admin.session.headers, `/api/admin/users/${buyer.user.id}/balance-credits`, credit);
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', seller.user.id).execute();
    const own = await recover((await signInAs(ctx, seller.user.id)).headers, orderId, 9_000);
    expect(own.statusCode).toBe(403);
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(9_000);
    expect((await recover(admin.session.headers, orderId, 9_000)).statusCode).toBe(200);
  });
});
