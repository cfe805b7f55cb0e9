import { describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { orderCalls } from './chargebacks-test-helpers';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { adminWaiting, refundRowsOf, retryRefund } from './refused-refunds-test-helpers';
import { markRefundSent, markSentRefundFailed } from './stripe-refunds.repository';
import { cardPaidOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 234: Stripe answers `charge_already_refunded` to a refund asked again after it forgot our idempotency key
 * (24 h). The refund our earlier try made under that key is the one recorded, so its later failure reaches an admin.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 6_500;
const TITLE = 'Diamond-rank Valorant account';
const DAY = 24 * 3600_000;
const failedAfter =
  'Stripe took the refund, then it failed: the card expired or was canceled (expired_or_canceled_card).';
const { post } = orderCalls(() => ctx);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;
const adminMails = async (email: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.subject === `Stripe refused a refund: ${TITLE}`);

/**
 * A card order canceled by its buyer whose first refund try Stripe carried out, but which the process never recorded
 * (it stopped before Stripe's answer came back): the refund owed is pending, uncounted, and Stripe holds one under
 * its key.
 */
async function refundMadeByALostTry() {
  const admin = await userWithSession(ctx, 'admin');
  const deal = await cardPaidOrder(ctx, PRICE);
  ctx.fake.loseAnswers('/v1/refunds', 3);
  expect((await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`)).statusCode).toBe(200);
  const [owed] = await refundRowsOf(ctx, deal.orderId);
  // What a stopped process leaves: nothing of the try written, as if it never ran.
  await ctx.db
    .updateTable('stripeRefunds')
    .set({ attempts: 0, lastError: null })
    .where('idempotencyKey', '=', owed!.idempotencyKey)
    .execute();
  const refund = ctx.fake.resources.refunds.at(-1)!;
  expect(refund).toMatchObject({ payment_intent: deal.intent, status: 'succeeded' });
  expect(refund.metadata.refund_key).toBe(owed!.idempotencyKey);
  return { ...deal, admin, key: owed!.idempotencyKey, refund };
}

/** The sweep, a day later: Stripe has forgotten the key, so it answers that the payment is already refunded. */
async function sweepAfterADay(key: string) {
  ctx.clock.advance(DAY + 1);
  const sent = await provider().sendPendingRefunds();
  const asked = ctx.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1);
  expect(asked?.idempotencyKey).toBe(`refund:${key}`);
  return sent;
}

describe('a refund Stripe answers is already refunded', () => {
  it('is recorded sent under the refund our earlier try made, and its later failure waits for an admin', async () => {
    const deal = await refundMadeByALostTry();
    expect(await sweepAfterADay(deal.key)).toBe(1);
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === deal.intent)).toHaveLength(1);
    const [sent] = await refundRowsOf(ctx, deal.orderId);
    expect(sent).toMatchObject({ status: 'sent', stripeRefundId: deal.refund.id, attempts: 1, lastError: null });

    // An admin signed in now: the day the sweep waited outlasted the first one's session.
    const { headers } = (await userWithSession(ctx, 'admin')).session;
    const before = await adminWaiting(ctx, headers);
    const event = ctx.fake.failRefund(deal.refund.id);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refund_failed' } });
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      { ...sent, status: 'refused', lastError: failedAfter, stripeRefundId: deal.refund.id },
    ]);
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds + 1 });
    expect((await adminMails(deal.admin.user.email)).map((m) => m.text)).toEqual([
      expect.stringContaining(`Its answer: ${failedAfter}`),
    ]);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  });

  it('is refused when the refund our earlier try made has failed since, with Stripe’s reason', async () => {
    const deal = await refundMadeByALostTry();
    // Ours failed (its webhook not delivered yet), and the payment was refunded in full in Stripe's dashboard.
    ctx.fake.resources.failRefund(deal.refund.id, 'lost_or_stolen_card');
    expect(ctx.fake.resources.createRefund({ payment_intent: deal.intent }).status).toBe(200);
    expect(await sweepAfterADay(deal.key)).toBe(0);
    const text =
      'Stripe failed the refund: the card was reported lost or stolen (lost_or_stolen_card). ' +
      "Stripe also answers that the payment is already refunded in full: look at it in Stripe's dashboard before " +
      'paying the buyer back.';
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'refused', stripeRefundId: deal.refund.id, lastError: text, sentAt: null }),
    ]);
    expect((await adminMails(deal.admin.user.email)).map((m) => m.text)).toEqual([
      expect.stringContaining(`Its answer: ${text}`),
    ]);
  });

  it('is recorded sent with no refund id when none of ours is at Stripe (refunded in its dashboard)', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const deal = await cardPaidOrder(ctx, PRICE);
    expect(ctx.fake.resources.createRefund({ payment_intent: deal.intent }).status).toBe(200);
    expect((await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`)).statusCode).toBe(200);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'sent', stripeRefundId: null, lastError: null }),
    ]);
    expect(await adminMails(admin.user.email)).toEqual([]);
  });

  it('retried by an admin after a refund in Stripe’s dashboard, is sent, not refused for its old failure', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const deal = await cardPaidOrder(ctx, PRICE);
    ctx.fake.resources.failNextRefunds(deal.intent, 'failed', 'lost_or_stolen_card');
    expect((await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`)).statusCode).toBe(200);
    const [refused] = await refundRowsOf(ctx, deal.orderId);
    expect(refused).toMatchObject({ status: 'refused' });
    expect(ctx.fake.resources.createRefund({ payment_intent: deal.intent }).status).toBe(200);
    const res = await retryRefund(ctx, admin.session.headers, deal.orderId, refused!.idempotencyKey);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'sent', stripeError: null })]);
    expect(await adminMails(admin.user.email)).toHaveLength(1);
  });
});

describe('a refund recorded sent with no Stripe id', () => {
  /** What this server wrote before it looked the refund up: sent, with no refund id. */
  async function sentWithNoId() {
    const deal = await refundMadeByALostTry();
    expect(await markRefundSent(ctx.db, deal.key, null, ctx.clock.now())).toBe(true);
    return deal;
  }

  it('is refused when a refund under its key fails, the failed refund’s id recorded, once', async () => {
    const deal = await sentWithNoId();
    const [sent] = await refundRowsOf(ctx, deal.orderId);
    const event = ctx.fake.failRefund(deal.refund.id);
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refund_failed' } });
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      { ...sent, status: 'refused', lastError: failedAfter, stripeRefundId: deal.refund.id },
    ]);
    expect(await adminMails(deal.admin.user.email)).toHaveLength(1);
    for (const again of [event, ctx.fake.event('charge.refund.updated', event.data.object)])
      expect(await ctx.fake.deliver(again)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await adminMails(deal.admin.user.email)).toHaveLength(1);
  });

  it('is moved only on the state read: no id means none recorded since, and an id means that one', async () => {
    const deal = await sentWithNoId();
    const error = 'Stripe took the refund, then it failed: no reason given.';
    await ctx.db
      .updateTable('stripeRefunds')
      .set({ stripeRefundId: 're_recorded_since' })
      .where('idempotencyKey', '=', deal.key)
      .execute();
    expect(await markSentRefundFailed(ctx.db, deal.key, null, deal.refund.id, error)).toBe(false);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'sent', stripeRefundId: 're_recorded_since' }),
    ]);
    await ctx.db
      .updateTable('stripeRefunds')
      .set({ stripeRefundId: null })
      .where('idempotencyKey', '=', deal.key)
      .execute();
    expect(await markSentRefundFailed(ctx.db, deal.key, null, deal.refund.id, error)).toBe(true);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([
      expect.objectContaining({ status: 'refused', stripeRefundId: deal.refund.id, lastError: error }),
    ]);
  });
});
