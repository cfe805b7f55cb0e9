import { describe, expect, it } from 'vitest';
import { ADMIN_TASK_MAILS, ADMIN_WAITING_LINKS } from '@accountry/shared/admin-waiting';
import { REFUSED_REFUND_MESSAGES as R } from '@accountry/shared/refused-refunds';
import { EXTERNAL, balanceOf } from '../../lib/ledger';
import { orderCalls } from './chargebacks-test-helpers';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import {
  adminWaiting,
  auditsOf,
  postingsOf,
  refundRowsOf,
  refusedRefundOrder,
  retryRefund,
  settleRefund,
} from './refused-refunds-test-helpers';
import { clearingOf, stripeHolds, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 095: a card refund Stripe refuses for good waits for an admin (counted as decision 186 counts the rest),
 * who retries it at Stripe or records it paid back another way, the ledger saying what Stripe holds either way.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 8_000;
const TITLE = 'Diamond-rank Valorant account';
const { detail } = orderCalls(() => ctx);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;
const refundsAtStripe = (intent: string) =>
  ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
const refusal = (intent: string) => `Charge for PaymentIntent ${intent} cannot be refunded.`;
const ledgerEntries = async () => (await ctx.db.selectFrom('ledgerEntries').select('id').execute()).length;

/** The ids and refused refunds the admin orders filter lists, every page walked. */
async function refusedListed(headers: Record<string, string>) {
  const items: Array<{ id: string; refusedRefund: unknown }> = [];
  let cursor: string | null = null;
  do {
    const url: string = `${ADMIN_WAITING_LINKS.refusedRefunds.replace('/admin', '/api/admin')}${
      cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    }`;
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: typeof items; nextCursor: string | null }>();
    items.push(...page.items.map(({ id, refusedRefund }) => ({ id, refusedRefund })));
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('a card refund Stripe refused', () => {
  it('waits for the admins: counted, listed and shown with Stripe’s message, and mailed to them', async () => {
    const first = await refusedRefundOrder(ctx, PRICE);
    const headers = first.admin.session.headers;
    const before = await adminWaiting(ctx, headers);
    const deal = await refusedRefundOrder(ctx, PRICE);
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds + 1 });
    expect(ADMIN_WAITING_LINKS.refusedRefunds).toBe('/admin/orders?status=refund_refused');
    const listed = await refusedListed(headers);
    expect(listed).toContainEqual({
      id: deal.orderId,
      refusedRefund: { amountCents: PRICE, stripeError: refusal(deal.intent) },
    });
    // Every order listed has one; the rest of the list does not.
    expect(listed.every((o) => o.refusedRefund !== null)).toBe(true);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json();
    expect(all.items.find((o: { id: string }) => o.id === deal.orderId).refusedRefund).not.toBeNull();

    const seen = await detail(headers, deal.orderId);
    expect(seen.cardRefunds).toEqual([
      {
        key: deal.refundKey,
        amountCents: PRICE,
        status: 'refused',
        stripeError: refusal(deal.intent),
        attempts: 1,
        createdAt: expect.any(Number),
        sentAt: null,
        settlement: null,
      },
    ]);
    // The parties see the order as before: what Stripe answered is the admins' business.
    expect((await detail(deal.buyer.session.headers, deal.orderId)).cardRefunds).toBeNull();
    expect((await detail(deal.seller.session.headers, deal.orderId)).cardRefunds).toBeNull();

    const mail = (await ctx.mailsTo(deal.admin.user.email)).find((m) => m.subject.startsWith('Stripe refused'));
    expect(mail?.subject).toBe(ADMIN_TASK_MAILS.refusedRefund.subject(TITLE));
    expect(mail?.text).toContain(
      `Stripe refused to refund $80.00 to the buyer's card and will not be asked again. Its answer: ${refusal(deal.intent)}`,
    );
    expect(mail?.text).toContain(`/admin/orders/${deal.orderId}`);
    // Neither party hears of it from this mail, admin or not.
    expect((await ctx.mailsTo(deal.buyer.user.email)).map((m) => m.subject)).not.toContain(mail?.subject);
  });

  it('retried once Stripe takes it, is sent at once with its own key, leaves the count and posts nothing more', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const headers = deal.admin.session.headers;
    const before = await adminWaiting(ctx, headers);
    const entries = await ledgerEntries();
    // The bank decided the dispute for the seller, say: Stripe refunds the charge again.
    ctx.fake.resources.allowRefunds(deal.intent);
    const res = await retryRefund(ctx, headers, deal.orderId, deal.refundKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'sent', stripeError: null })]);
    expect(refundsAtStripe(deal.intent)).toEqual([PRICE]);
    const [row] = await refundRowsOf(ctx, deal.orderId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(ctx.fake.resources.refunds.at(-1)?.metadata).toMatchObject({ refund_key: deal.refundKey });
    // The cancel already booked the refund: the card getting it now changes nothing in the ledger.
    expect(await ledgerEntries()).toBe(entries);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds - 1 });
    expect(await auditsOf(ctx, deal.orderId)).toEqual([
      {
        actorId: deal.admin.user.id,
        action: 'order.refund_retry',
        details: { refundKey: deal.refundKey, amountCents: PRICE, stripeError: refusal(deal.intent) },
      },
    ]);
    // Sent, it has nothing left to settle.
    const again = await retryRefund(ctx, headers, deal.orderId, deal.refundKey);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(R.notRefused);
  });

  it('retried while Stripe still refuses it, is refused again and still waits', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const headers = deal.admin.session.headers;
    const before = await adminWaiting(ctx, headers);
    const res = await retryRefund(ctx, headers, deal.orderId, deal.refundKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({ status: 'refused', stripeError: refusal(deal.intent), attempts: 2 }),
    ]);
    expect(refundsAtStripe(deal.intent)).toEqual([]);
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds });
  });

  it('retried while Stripe is down, stays owed and goes with the next sweep', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const headers = deal.admin.session.headers;
    ctx.fake.resources.allowRefunds(deal.intent);
    ctx.fake.setDown(true);
    const res = await retryRefund(ctx, headers, deal.orderId, deal.refundKey).finally(() => ctx.fake.setDown(false));
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'pending' })]);
    ctx.clock.advance(3600_000);
    await provider().sendPendingRefunds();
    expect(refundsAtStripe(deal.intent)).toEqual([PRICE]);
    expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('settled outside Stripe, needs a reference, books the money as leaving by other means once, and tells the buyer', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const headers = deal.admin.session.headers;
    const before = await adminWaiting(ctx, headers);
    const external = await balanceOf(ctx.db, EXTERNAL);
    for (const [reference, message] of [
      ['  ', R.reference],
      ['x'.repeat(201), R.referenceLong],
      ['TR-1\nTR-2', R.referenceChars],
    ] as const) {
      const refused = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, reference);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.reference).toBe(message);
    }
    const res = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, ' Bank transfer TR-88213 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([
      expect.objectContaining({
        status: 'settled',
        stripeError: refusal(deal.intent),
        settlement: {
          reference: 'Bank transfer TR-88213',
          byName: deal.admin.user.displayName,
          at: ctx.clock.now(),
          coveredByChargebackCents: 0,
        },
      }),
    ]);
    // Stripe still holds the payment it would not refund, and the platform paid the buyer from its own money.
    expect(refundsAtStripe(deal.intent)).toEqual([]);
    expect(await clearingOf(ctx, deal.orderId)).toBe(stripeHolds(ctx, deal.intent, PRICE));
    expect(await balanceOf(ctx.db, EXTERNAL)).toBe(external + PRICE);
    expect(await postingsOf(ctx, deal.orderId, 'refund_outside_stripe')).toEqual([
      { id: expect.any(String), actorId: deal.admin.user.id },
    ]);
    expect(await adminWaiting(ctx, headers)).toMatchObject({ refusedRefunds: before.refusedRefunds - 1 });

    // Settled, it is done: neither a second settlement nor a retry posts or sends anything.
    for (const again of [
      await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'TR-2'),
      await retryRefund(ctx, headers, deal.orderId, deal.refundKey),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(R.notRefused);
    }
    await provider().sendPendingRefunds();
    expect(refundsAtStripe(deal.intent)).toEqual([]);
    expect(await postingsOf(ctx, deal.orderId, 'refund_outside_stripe')).toHaveLength(1);

    expect(await auditsOf(ctx, deal.orderId)).toEqual([
      {
        actorId: deal.admin.user.id,
        action: 'order.refund_settle',
        details: {
          refundKey: deal.refundKey,
          amountCents: PRICE,
          stripeError: refusal(deal.intent),
          settlementReference: 'Bank transfer TR-88213',
        },
      },
    ]);
    // Mails queued at the same moment go out side by side, in any order: the order's cancellation may land after it.
    const paidBack = `Your refund of $80.00 was paid back: ${TITLE}`;
    const mails = (await ctx.mailsTo(deal.buyer.user.email)).filter((m) => m.subject === paidBack);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.text).toContain(
      `Stripe could not return $80.00 to your card for "${TITLE}", so an Accountry admin paid it back another way.`,
    );
    expect(mail?.text).toContain('Reference: Bank transfer TR-88213');
  });
});
