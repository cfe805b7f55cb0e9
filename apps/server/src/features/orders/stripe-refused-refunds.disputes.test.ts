import { describe, expect, it } from 'vitest';
import { ORDER_ROUTES, orderPath } from '@accountry/shared/orders';
import { createPeerApp } from '../../test/test-app';
import { ledgerSnapshot } from './orders-test-helpers';
import { auditsOf, refundRowsOf, refusedRefundOrder, settleRefund } from './refused-refunds-test-helpers';
import { bankDecides, openChargeback, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 234: Stripe refusing a refund usually means the card's bank disputes the charge. Before an admin records the
 * refund as paid back outside Stripe, Stripe is asked for the payment's disputes: one our chargebacks do not show as
 * Stripe does (its webhook not here yet) would have the buyer paid twice, by the admin and by the bank.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 7_000;
const UNRECORDED =
  "The card's bank has a dispute on this payment that is not recorded here yet. Settle the refund once it shows on the order.";

/** Nothing the settlement writes: the refund still refused, the ledger, the audit log and the buyer's mails as before. */
async function nothingWritten(deal: Awaited<ReturnType<typeof refusedRefundOrder>>) {
  return {
    refunds: (await refundRowsOf(ctx, deal.orderId)).map((r) => r.status),
    ledger: await ledgerSnapshot(ctx),
    audits: await auditsOf(ctx, deal.orderId),
    mails: (await ctx.mailsTo(deal.buyer.user.email)).length,
  };
}

const disputeLookUps = (intent: string) =>
  ctx.fake.requests.filter(
    (r) => r.method === 'GET' && r.path === '/v1/disputes' && r.params.payment_intent === intent,
  );

describe('recording a refused refund as paid back outside Stripe', () => {
  it('while Stripe has a dispute on the payment whose webhook has not come, is a 409 that writes nothing', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const headers = deal.admin.session.headers;
    const opened = ctx.fake.chargeback(deal.intent);
    const before = await nothingWritten(deal);
    const res = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Bank transfer TR-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(UNRECORDED);
    expect(await nothingWritten(deal)).toEqual(before);
    expect(disputeLookUps(deal.intent)).toHaveLength(1);

    // Once it is here, the order says the bank decides; once the bank decided for the buyer, that settles it.
    expect(await ctx.fake.deliver(opened)).toMatchObject({ status: 200, body: { outcome: 'opened' } });
    const open = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Bank transfer TR-1');
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toBe(
      "A chargeback on this order is open: the buyer's bank decides whether this money goes back to them. Settle the refund once the bank has decided.",
    );
    const disputeId = (opened.data.object as { id: string }).id;
    expect((await bankDecides(ctx, disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const settled = await settleRefund(ctx, headers, deal.orderId, deal.refundKey, 'Chargeback lost');
    expect(settled.statusCode).toBe(200);
    expect(settled.json().cardRefunds).toEqual([
      expect.objectContaining({
        status: 'settled',
        settlement: expect.objectContaining({ coveredByChargebackCents: PRICE }),
      }),
    ]);
  });

  it('while Stripe has a dispute the bank decided that never reached us, is a 409 that writes nothing', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const disputeId = (ctx.fake.chargeback(deal.intent).data.object as { id: string }).id;
    ctx.fake.closeChargeback(disputeId, 'lost');
    const before = await nothingWritten(deal);
    const res = await settleRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey, 'TR-2');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(UNRECORDED);
    expect(await nothingWritten(deal)).toEqual(before);
  });

  it('once every dispute at Stripe is recorded here as Stripe has it, goes through', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const disputeId = await openChargeback(ctx, deal.intent);
    expect((await bankDecides(ctx, disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    const res = await settleRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey, 'TR-3');
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRefunds).toEqual([expect.objectContaining({ status: 'settled' })]);
  });

  it('while Stripe cannot be reached, is a 503 that writes nothing', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const before = await nothingWritten(deal);
    ctx.fake.setDown(true);
    const res = await settleRefund(ctx, deal.admin.session.headers, deal.orderId, deal.refundKey, 'TR-4').finally(() =>
      ctx.fake.setDown(false),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Payments are not available right now. Please try again later.');
    expect(await nothingWritten(deal)).toEqual(before);
  });

  it('on a server where Stripe is not configured, is a 503 that writes nothing', async () => {
    const deal = await refusedRefundOrder(ctx, PRICE);
    const before = await nothingWritten(deal);
    // The same database served by a process without Stripe's keys, new orders paid from the balance.
    const withoutStripe = Object.fromEntries(Object.entries(ctx.env).filter(([name]) => !name.startsWith('STRIPE_')));
    const peer = await createPeerApp({ ...ctx, env: withoutStripe }, { PAYMENT_PROVIDER: 'balance' });
    try {
      const res = await peer.app.inject({
        method: 'POST',
        url: orderPath(ORDER_ROUTES.adminRefundSettlement, { id: deal.orderId }),
        headers: deal.admin.session.headers,
        payload: { refundKey: deal.refundKey, reference: 'TR-5' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(
        "Stripe is not configured on this server, so whether the card's bank disputes this payment cannot be checked. Settle the refund where Stripe is configured.",
      );
    } finally {
      await peer.close();
    }
    expect(await nothingWritten(deal)).toEqual(before);
  });
});
