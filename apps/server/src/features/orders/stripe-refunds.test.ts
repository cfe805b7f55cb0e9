import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS } from '@accountry/shared/order-state';
import { userWithSession } from '../../test/test-app';
import { applyTransition } from './order-transitions';
import { findOrder } from './orders.repository';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import type { StripePaymentProvider } from './stripe-payment-provider';
import {
  cardPaidOrder,
  checkoutCompleted,
  useStripeTestApp,
  escrowAndClearing,
  moneySnapshot,
  orderStatus,
  pendingOrder,
  type StripeTestContext,
} from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const paidOrder = (priceCents?: number) => cardPaidOrder(ctx, priceCents);

const { post } = orderCalls(() => ctx);
const refundsFor = (intent: string) => ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent);
const owed = (orderId: string) =>
  ctx.db.selectFrom('stripeRefunds').selectAll().where('orderId', '=', orderId).execute();
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;

describe('refunds through Stripe', () => {
  it('refunds the card in full when the buyer cancels a paid order', async () => {
    const before = await escrowAndClearing(ctx);
    const { buyer, orderId, intent } = await paidOrder(20_000);
    const res = await post(buyer.session.headers, `/api/orders/${orderId}/cancel`, { reason: 'Changed my mind' });
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(refundsFor(intent)).toEqual([
      expect.objectContaining({
        amount: 20_000,
        status: 'succeeded',
        metadata: { order_id: orderId, refund_key: `${orderId}:refund:20000` },
      }),
    ]);
    expect(await owed(orderId)).toEqual([expect.objectContaining({ status: 'sent', amountCents: 20_000 })]);
    // Escrow and the clearing account are back where they were: the money left by the way it came.
    expect(await escrowAndClearing(ctx)).toEqual(before);
  });

  it('keeps a refund Stripe cannot take now and sends it once Stripe is back, exactly once', async () => {
    const { buyer, orderId, intent } = await paidOrder(7_500);
    ctx.fake.setDown(true);
    const res = await post(buyer.session.headers, `/api/orders/${orderId}/cancel`).finally(() =>
      ctx.fake.setDown(false),
    );
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(refundsFor(intent)).toEqual([]);
    expect(await owed(orderId)).toEqual([expect.objectContaining({ status: 'pending', amountCents: 7_500 })]);

    expect(await provider().sendPendingRefunds()).toBe(1);
    expect(await provider().sendPendingRefunds()).toBe(0);
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([7_500]);
    expect(await owed(orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('sends an admin partial refund of a dispute to the card, and the rest goes to the seller', async () => {
    const before = await escrowAndClearing(ctx);
    const { buyer, seller, orderId, intent } = await paidOrder(10_000);
    const delivered = await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'player_one', password: 'Hunter-22' },
    });
    expect(delivered.statusCode).toBe(200);
    const disputed = await post(buyer.session.headers, `/api/orders/${orderId}/dispute`, {
      reason: 'The skins listed are missing from the account.',
    });
    expect(disputed.statusCode).toBe(200);
    const admin = await userWithSession(ctx, 'admin');
    const decided = await post(admin.session.headers, `/api/admin/orders/${orderId}/decision`, {
      outcome: 'partial_refund',
      refundCents: 2_500,
      reason: 'Some of the promised skins were missing.',
    });
    expect(decided.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([2_500]);
    // Escrow is empty again; Stripe keeps what was not refunded (the seller's share and the fee, now ours to pay).
    expect(await escrowAndClearing(ctx)).toEqual({ escrow: before.escrow, clearing: before.clearing - 7_500 });
  });

  it('retries a partial refund whose answer was lost, after Stripe forgot its key, without refunding twice', async () => {
    const { buyer, seller, orderId, intent } = await paidOrder(10_000);
    await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'player_two', password: 'Hunter-23' },
    });
    await post(buyer.session.headers, `/api/orders/${orderId}/dispute`, { reason: 'Half of the items are gone.' });
    const admin = await userWithSession(ctx, 'admin');
    // Stripe refunds, but the answer never arrives, on the first try and on the client's retries.
    ctx.fake.loseAnswers('/v1/refunds', 3);
    const decided = await post(admin.session.headers, `/api/admin/orders/${orderId}/decision`, {
      outcome: 'partial_refund',
      refundCents: 3_000,
      reason: 'Half of the promised items were missing.',
    });
    expect(decided.statusCode).toBe(200);
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([3_000]);
    expect(await owed(orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);

    // Stripe keeps idempotency keys for 24 hours; the sweep's retry comes after.
    ctx.clock.advance(25 * 3600_000);
    expect(await provider().sendPendingRefunds()).toBe(1);
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([3_000]);
    expect(await owed(orderId)).toEqual([
      expect.objectContaining({ status: 'sent', stripeRefundId: refundsFor(intent)[0]!.id }),
    ]);
  });

  it('refunds at once a payment that arrives after the order expired, without touching the ledger', async () => {
    const { buyer, orderId } = await pendingOrder(ctx, 4_000);
    const { sessionId, event } = await checkoutCompleted(ctx, buyer.session, orderId);
    ctx.clock.advance(PAYMENT_WINDOW_MS + 1000);
    await sweepOrders(ordersContext(ctx.deps));
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    const before = await moneySnapshot(ctx);
    const entries = await ctx.db.selectFrom('ledgerEntries').select('id').execute();

    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    // Stripe retries: the same refund, not a second one.
    expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'refunded' } });
    const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
    expect(refundsFor(intent).map((r) => r.amount)).toEqual([4_000]);
    expect(await orderStatus(ctx, orderId)).toBe('expired');
    expect(await moneySnapshot(ctx)).toEqual(before);
    expect(await ctx.db.selectFrom('ledgerEntries').select('id').execute()).toHaveLength(entries.length);
  });

  it('owes the card refund in the same transaction as the cancel, so a crash after the commit cannot lose it', async () => {
    const { buyer, orderId } = await paidOrder(3_000);
    const orders = ordersContext(ctx.deps);
    const now = ctx.clock.now();
    // Inside the transition's transaction the refund is already owed; rolled back, neither the move nor the debt stays.
    const seen = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const order = (await findOrder(trx, orderId))!;
        await applyTransition(orders, trx, order, 'cancel', { kind: 'buyer', id: buyer.user.id }, {}, now);
        const rows = await trx.selectFrom('stripeRefunds').selectAll().where('orderId', '=', orderId).execute();
        throw Object.assign(new Error('crash before the commit'), { rows });
      })
      .catch((err: Error & { rows?: unknown[] }) => err.rows);
    expect(seen).toEqual([expect.objectContaining({ status: 'pending', amountCents: 3_000 })]);
    expect(await owed(orderId)).toEqual([]);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });
});
