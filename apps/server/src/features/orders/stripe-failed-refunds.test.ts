import { describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { orderCalls } from './chargebacks-test-helpers';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { adminWaiting, refundRowsOf, retryRefund, settleRefund } from './refused-refunds-test-helpers';
import {
  cardPaidOrder,
  clearingOf,
  stripeHolds,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decision 234: a card refund Stripe creates failed or canceled, or that fails after Stripe took it, never reached the
 * card. It is not recorded as sent: it waits for an admin as a refused one does (decision 095), with Stripe's reason.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 8_000;
const TITLE = 'Diamond-rank Valorant account';
const { post, detail } = orderCalls(() => ctx);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;
const refundsAtStripe = (intent: string) =>
  ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => [r.amount, r.status]);
const adminMails = async (email: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.subject === `Stripe refused a refund: ${TITLE}`);

/** A card order with an admin to mail, canceled by its buyer: its refund is owed and sent at once. */
async function canceledCardOrder() {
  const admin = await userWithSession(ctx, 'admin');
  const deal = await cardPaidOrder(ctx, PRICE);
  const cancel = () => post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`);
  return { ...deal, admin, cancel };
}

/** A card order canceled, whose refund Stripe took: the refund Stripe made. */
async function sentRefundOrder() {
  const deal = await canceledCardOrder();
  expect((await deal.cancel()).statusCode).toBe(200);
  expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
  return { ...deal, refund: ctx.fake.resources.refunds.at(-1)! };
}

describe('a card refund Stripe creates failed or canceled', () => {
  it.each([
    [
      'failed',
      'lost_or_stolen_card',
      'Stripe failed the refund: the card was reported lost or stolen (lost_or_stolen_card).',
    ],
    ['canceled', null, 'Stripe canceled the refund: no reason given.'],
  ] as const)('(%s) is not sent: it waits for an admin with Stripe’s reason', async (status, reason, text) => {
    const deal = await canceledCardOrder();
    const before = await adminWaiting(ctx, deal.admin.session.headers);
    ctx.fake.resources.failNextRefunds(deal.intent, status, reason);
    expect((await deal.cancel()).statusCode).toBe(200);
    const made = ctx.fake.resources.refunds.at(-1)!;
    expect(made).toMatchObject({ payment_intent: deal.intent, status });
    const [row] = await refundRowsOf(ctx, deal.orderId);
    expect(row).toMatchObject({ status: 'refused', lastError: text, stripeRefundId: made.id, sentAt: null });
    expect(await adminWaiting(ctx, deal.admin.session.headers)).toMatchObject({
      refusedRefunds: before.refusedRefunds + 1,
    });
    const [mail, ...more] = await adminMails(deal.admin.user.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Its answer: ${text}`);
    expect((await detail(deal.admin.session.headers, deal.orderId)).cardRefunds).toEqual([
      expect.objectContaining({ status: 'refused', stripeError: text, sentAt: null }),
    ]);

    // Retried by the admin, Stripe takes it this time: the payment had all of it left to refund.
    const retried = await retryRefund(ctx, deal.admin.session.headers, deal.orderId, row!.idempotencyKey);
    expect(retried.json().cardRefunds).toEqual([expect.objectContaining({ status: 'sent', stripeError: null })]);
    expect(refundsAtStripe(deal.intent)).toEqual([
      [PRICE, status],
      [PRICE, 'succeeded'],
    ]);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
  });
});

describe('a card refund that fails after Stripe took it', () => {
  const failedAfter =
    'Stripe took the refund, then it failed: the card expired or was canceled (expired_or_canceled_card).';

  it('is refused by its webhook, once: counted, mailed, shown with its reason and when it was sent', async () => {
    const deal = await sentRefundOrder();
    const headers = deal.admin.session.headers;
    const [sent] = await refundRowsOf(ctx, deal.orderId);
    const before = await adminWaiting(ctx, headers);
    const event = ctx.fake.failRefund(deal.refund.id, 'expired_or_canceled_card');
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refund_failed' } });
    const [row] = await refundRowsOf(ctx, deal.orderId);
    expect(row).toMatchObject({
      status: 'refused',
      lastError: failedAfter,
      stripeRefundId: deal.refund.id,
      sentAt: sent!.sentAt,
      attempts: sent!.attempts,
    });
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds + 1 });
    expect((await adminMails(deal.admin.user.email)).map((m) => m.text)).toEqual([
      expect.stringContaining(`Its answer: ${failedAfter}`),
    ]);
    expect((await detail(headers, deal.orderId)).cardRefunds).toEqual([
      expect.objectContaining({ status: 'refused', stripeError: failedAfter, sentAt: sent!.sentAt }),
    ]);

    // Stripe delivers again, or tells of the same failure by its other events: nothing changes.
    for (const again of [
      event,
      ctx.fake.event('charge.refund.updated', event.data.object),
      ctx.fake.event('refund.updated', event.data.object),
    ])
      expect(await ctx.fake.deliver(again)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([row]);
    expect(await adminMails(deal.admin.user.email)).toHaveLength(1);
  });

  it('retried by an admin, is made again at Stripe, not taken for the refund that failed', async () => {
    const deal = await sentRefundOrder();
    expect((await ctx.fake.deliver(ctx.fake.failRefund(deal.refund.id))).body).toMatchObject({
      outcome: 'refund_failed',
    });
    const [row] = await refundRowsOf(ctx, deal.orderId);
    const res = await retryRefund(ctx, deal.admin.session.headers, deal.orderId, row!.idempotencyKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'sent', stripeError: null })]);
    expect(refundsAtStripe(deal.intent)).toEqual([
      [PRICE, 'failed'],
      [PRICE, 'succeeded'],
    ]);
    const [sent] = await refundRowsOf(ctx, deal.orderId);
    expect(sent?.stripeRefundId).toBe(ctx.fake.resources.refunds.at(-1)!.id);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
  });

  it('retried while Stripe refuses the payment’s refunds, is refused again and no longer shown as sent', async () => {
    const deal = await sentRefundOrder();
    await ctx.fake.deliver(ctx.fake.failRefund(deal.refund.id));
    ctx.fake.resources.refuseRefunds(deal.intent);
    const [row] = await refundRowsOf(ctx, deal.orderId);
    const res = await retryRefund(ctx, deal.admin.session.headers, deal.orderId, row!.idempotencyKey);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({
        status: 'refused',
        stripeError: `Charge for PaymentIntent ${deal.intent} cannot be refunded.`,
        sentAt: null,
      }),
    ]);
  });

  it('settled outside Stripe, leaves Stripe’s books as Stripe holds the money again', async () => {
    const deal = await sentRefundOrder();
    await ctx.fake.deliver(ctx.fake.failRefund(deal.refund.id));
    const [row] = await refundRowsOf(ctx, deal.orderId);
    const res = await settleRefund(ctx, deal.admin.session.headers, deal.orderId, row!.idempotencyKey, 'TR-9');
    expect(res.statusCode).toBe(200);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
  });

  it('reported while our send has not recorded it yet, is answered 409, and the retry sees it failed', async () => {
    const deal = await canceledCardOrder();
    // Stripe makes the refund but its answer never arrives, on the first try and the client's retries: it stays owed.
    ctx.fake.loseAnswers('/v1/refunds', 3);
    expect((await deal.cancel()).statusCode).toBe(200);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    const event = ctx.fake.failRefund(ctx.fake.resources.refunds.at(-1)!.id);
    const early = await ctx.fake.deliver(event);
    expect(early.status).toBe(409);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    // The retry finds the refund by its key, failed: Stripe's replay of its first answer would still show it taken.
    ctx.clock.advance(3600_000);
    expect(await provider().sendPendingRefunds()).toBe(0);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'refused', lastError: failedAfter, sentAt: null }),
    ]);
    expect(await adminMails(deal.admin.user.email)).toHaveLength(1);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  });

  it('of a refund update that is no failure, or of a refund not ours, is ignored or refused as an unknown payment', async () => {
    const deal = await sentRefundOrder();
    const refund = deal.refund;
    expect(await ctx.fake.deliver(ctx.fake.event('refund.updated', refund))).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    const failed = { ...refund, status: 'failed', failure_reason: 'declined' };
    for (const metadata of [
      { order_id: deal.orderId, refund_key: 'no-such-refund' },
      { order_id: 'no-such-order', refund_key: refund.metadata.refund_key! },
      { refund_key: refund.metadata.refund_key! },
      {},
    ]) {
      const res = await ctx.fake.deliver(ctx.fake.event('refund.failed', { ...failed, metadata }));
      expect(res).toEqual({ status: 400, body: { error: expect.objectContaining({ message: 'Unknown payment.' }) } });
    }
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });
});
