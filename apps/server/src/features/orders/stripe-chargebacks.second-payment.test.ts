import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@accountry/shared/durations';
import { FAKE_DISPUTE_FEE_CENTS as FEE } from '../../test/fake-stripe/fake-stripe-disputes';
import { signInAs } from '../../test/test-app';
import { listingChat, sweep } from './orders-test-helpers';
import { adminWaiting } from './refused-refunds-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';
import { paidTwice, secondPaymentOf, refundedPaymentDisputesOf } from './refunded-payment-disputes-test-helpers';
import {
  bankDecides,
  clearingOf,
  platformBalances,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decision 244: a buyer paid an order twice (a second Checkout Session for it); the webhook refunded the second payment
 * at once (decision 095), and the buyer's bank then disputed that payment. It is recorded apart from the order's
 * chargebacks: the order, its hold and the seller's figures stay as they were, the ledger books what Stripe took so
 * `stripe_clearing` keeps saying what Stripe holds, and the admins are told to submit the refund as evidence.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 6_000;
const TITLE = 'Diamond-rank Valorant account';
const { detail, deliver, post } = orderCalls(() => ctx);

type Deal = Awaited<ReturnType<typeof paidTwice>>;
/** What Stripe holds of both payments, which the order's `stripe_clearing` entries should say. */
const heldAtStripe = (deal: Deal) => stripeHolds(ctx, deal.firstIntent, PRICE) + stripeHolds(ctx, deal.intent, PRICE);
/** The order as the parties and the seller's figures see it: its state, hold, payment and chargebacks. */
const orderAsIs = async (orderId: string) => ({
  order: await ctx.db
    .selectFrom('orders')
    .select(['status', 'chargebackHoldSince', 'providerRef', 'refundedCents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow(),
  chargebacks: await ctx.db.selectFrom('chargebacks').select('id').where('orderId', '=', orderId).execute(),
});
const disputeMails = async (email: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.subject.startsWith('A refunded second payment was disputed'));

describe('a dispute of a second payment of an order, refunded at once', () => {
  it('is recorded without touching the order, books what Stripe took, and tells the admins once', async () => {
    const deal = await paidTwice(ctx, PRICE);
    const before = { ...(await orderAsIs(deal.orderId)), chat: await listingChat(ctx, deal.listing.id) };
    const balances = await platformBalances(ctx);
    const waiting = await adminWaiting(ctx, deal.admin.session.headers);

    const opened = ctx.fake.chargeback(deal.intent, { reason: 'duplicate' });
    // Before, 400 "Unknown payment.": the order's payment is the first session's, and nothing was recorded.
    expect(await ctx.fake.deliver(opened)).toEqual({ status: 200, body: { received: true, outcome: 'opened' } });
    const disputeId = (opened.data.object as { id: string }).id;
    expect(await refundedPaymentDisputesOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({
        id: disputeId,
        paymentRef: deal.secondSession,
        amountCents: PRICE,
        currency: 'USD',
        reason: 'duplicate',
        status: 'open',
        openedAt: ctx.clock.now(),
        closedAt: null,
        feeCents: FEE,
        withdrawnCents: PRICE,
      }),
    ]);
    // The order keeps going: no hold, no chargeback, nothing in its chat.
    expect({ ...(await orderAsIs(deal.orderId)), chat: await listingChat(ctx, deal.listing.id) }).toEqual(before);
    // Stripe took the disputed funds and its fee from the platform's balance: its cost while the bank decides.
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
    expect(await platformBalances(ctx)).toEqual({
      ...balances,
      clearing: balances.clearing + PRICE + FEE,
      expenses: balances.expenses - PRICE - FEE,
    });
    expect((await adminWaiting(ctx, deal.admin.session.headers)).refundedPaymentDisputes).toBe(
      waiting.refundedPaymentDisputes + 1,
    );

    // Stripe repeats the event: applied once, mailed once.
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
    const mails = await disputeMails(deal.admin.user.email);
    expect(mails.map((m) => m.subject)).toEqual([`A refunded second payment was disputed: ${TITLE}`]);
    expect(mails[0]!.text).toContain(
      `The buyer's bank disputes $60.00 of a second payment of this order (${deal.secondSession}), which Accountry ` +
        'refunded to the card in full: the cardholder says they were charged twice. Submit the refund as evidence ' +
        "in Stripe's dashboard, or the bank returns the money a second time at the platform's cost.",
    );
    for (const party of [deal.buyer.user.email, deal.seller.user.email]) expect(await disputeMails(party)).toEqual([]);

    const admin = await detail(deal.admin.session.headers, deal.orderId);
    expect(admin).toMatchObject({ status: 'paid', chargeback: null });
    expect(admin.refundedPaymentDisputes).toEqual([
      {
        id: disputeId,
        paymentRef: deal.secondSession,
        refundKey: `${deal.orderId}:unpayable:${deal.secondSession}`,
        amountCents: PRICE,
        reason: 'duplicate',
        status: 'open',
        openedAt: ctx.clock.now(),
        closedAt: null,
        fee: { chargedCents: FEE, returnedCents: 0 },
      },
    ]);
    expect((await detail(deal.buyer.session.headers, deal.orderId)).refundedPaymentDisputes).toBeNull();

    // The bank decides for the platform: Stripe gives the funds and its fee back, the cost is gone.
    const won = ctx.fake.closeChargeback(disputeId, 'won');
    expect((await ctx.fake.deliver(won)).body).toEqual({ received: true, outcome: 'won' });
    expect((await ctx.fake.deliver(won)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
    expect(await platformBalances(ctx)).toEqual(balances);
    expect(await refundedPaymentDisputesOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({
        status: 'won',
        closedAt: ctx.clock.now(),
        feeReturnedCents: FEE,
        reinstatedCents: PRICE,
      }),
    ]);
    expect((await adminWaiting(ctx, deal.admin.session.headers)).refundedPaymentDisputes).toBe(
      waiting.refundedPaymentDisputes,
    );
    expect(await orderAsIs(deal.orderId)).toEqual({ order: before.order, chargebacks: before.chargebacks });
  });

  it('lost: the platform bears the funds and the fee, and the completed sale still counts for the seller', async () => {
    const deal = await paidTwice(ctx, PRICE);
    expect((await deliver(deal.seller.session.headers, deal.orderId)).statusCode).toBe(200);
    expect((await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/confirm`)).statusCode).toBe(200);
    ctx.clock.advance(40 * DAY_MS);
    await sweep(ctx);
    const before = await orderAsIs(deal.orderId);
    const balances = await platformBalances(ctx);
    const opened = await ctx.fake.deliver(ctx.fake.chargeback(deal.intent, { reason: 'fraudulent' }));
    expect(opened.body).toEqual({ received: true, outcome: 'opened' });
    const [row] = await refundedPaymentDisputesOf(ctx, deal.orderId);

    expect((await bankDecides(ctx, row!.id, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect((await bankDecides(ctx, row!.id, 'lost')).body).toEqual({ received: true, outcome: 'duplicate' });
    // The buyer got the payment back twice, by our refund and by the bank: Stripe holds that much less.
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
    expect(await platformBalances(ctx)).toEqual({
      ...balances,
      clearing: balances.clearing + PRICE + FEE,
      expenses: balances.expenses - PRICE - FEE,
    });
    expect(await orderAsIs(deal.orderId)).toEqual(before);
    // Not the order's chargeback: the buyer may still review the sale, which stays the seller's.
    const seen = await detail((await signInAs(ctx, deal.buyer.user.id)).headers, deal.orderId);
    expect(seen).toMatchObject({ status: 'completed', chargeback: null, canReview: true });
  });

  it('records a decision whose opening never reached us as closed, and the late opening books nothing', async () => {
    const deal = await paidTwice(ctx, PRICE);
    const balances = await platformBalances(ctx);
    const unseen = ctx.fake.resources.disputePayment(deal.intent, { reason: 'fraudulent' });
    const opening = ctx.fake.event('charge.dispute.created', structuredClone(unseen));

    expect((await bankDecides(ctx, unseen.id, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    expect(await refundedPaymentDisputesOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'lost', openedAt: ctx.clock.now(), closedAt: ctx.clock.now() }),
    ]);
    expect((await ctx.fake.deliver(opening)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
    expect(await platformBalances(ctx)).toMatchObject({ expenses: balances.expenses - PRICE - FEE });
    // Nothing is left to answer: no task waits for the admins.
    expect(await disputeMails(deal.admin.user.email)).toEqual([]);
  });

  it('asks Stripe for a decision whose webhook never came, so none waits for the admins for good', async () => {
    const deal = await paidTwice(ctx, PRICE);
    const opened = ctx.fake.chargeback(deal.intent);
    expect((await ctx.fake.deliver(opened)).body).toEqual({ received: true, outcome: 'opened' });
    // The bank decides, but the event never reaches us (the endpoint was down past Stripe's retries).
    ctx.fake.resources.closeDispute((opened.data.object as { id: string }).id, 'won');
    ctx.clock.advance(2 * DAY_MS);
    await sweep(ctx);
    expect(await refundedPaymentDisputesOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'won', feeReturnedCents: FEE, reinstatedCents: PRICE }),
    ]);
    expect(await clearingOf(ctx, deal.orderId)).toBe(heldAtStripe(deal));
  });

  it('still refuses a dispute of a payment for the order that was never refunded here', async () => {
    const deal = await paidTwice(ctx, PRICE);
    // A third session paid at Stripe whose webhook never reached us: no refund of it is owed here.
    const third = secondPaymentOf(ctx, deal.orderId);
    const intent = ctx.fake.resources.sessions.get(third.sessionId)!.payment_intent!;
    const before = await platformBalances(ctx);

    const res = await ctx.fake.deliver(ctx.fake.chargeback(intent));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: 'Unknown payment.' } });
    expect(await refundedPaymentDisputesOf(ctx, deal.orderId)).toEqual([]);
    expect(await platformBalances(ctx)).toEqual(before);
  });
});
