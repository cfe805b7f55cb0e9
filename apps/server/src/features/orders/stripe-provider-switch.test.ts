import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { createPeerApp, createTestApp } from '../../test/test-app';
import { ordersContext } from './orders-context';
import {
  cardPaidOrder,
  orderStatus,
  pendingOrder,
  useStripeTestApp,
  type StripeTestContext,
} from './stripe-test-helpers';

/**
 * Decision 239: switching new orders from cards to the balance (PAYMENT_PROVIDER=balance) leaves Stripe wired for the
 * card orders already made while its keys are set: their refunds go back to the card, their webhooks are taken.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** The same site restarted with new orders paid from the balance, Stripe's keys still set; Stripe's events go to it. */
async function switchedToBalance() {
  const peer = await createPeerApp(ctx, { PAYMENT_PROVIDER: 'balance' });
  closers.push(() => peer.close());
  await peer.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (peer.app.server.address() as AddressInfo).port;
  const first = ctx.fake.webhookUrl;
  ctx.fake.webhookUrl = `http://127.0.0.1:${port}/api/payments/stripe/webhook`;
  closers.push(async () => {
    ctx.fake.webhookUrl = first;
  });
  return peer;
}

describe('card orders after new orders switched to the balance', () => {
  it('refund to the card, not to the buyer’s balance', async () => {
    const { buyer, orderId, intent } = await cardPaidOrder(ctx, 15_000);
    const peer = await switchedToBalance();
    const res = await peer.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.session.headers,
      payload: { reason: 'Changed my mind' },
    });
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([
      15_000,
    ]);
    expect(await balanceOf(ctx.db, availableAccount(buyer.user.id))).toBe(0);
  });

  it('still take Stripe’s chargeback events, while new orders are paid from the balance', async () => {
    const { orderId, intent } = await cardPaidOrder(ctx, 9_000);
    const peer = await switchedToBalance();
    const delivered = await ctx.fake.deliver(ctx.fake.chargeback(intent));
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'opened' } });
    const chargebacks = await ctx.db
      .selectFrom('chargebacks')
      .select('orderId')
      .where('orderId', '=', orderId)
      .execute();
    expect(chargebacks).toHaveLength(1);

    const made = await pendingOrder(ctx, 1_000, peer.app);
    const row = await ctx.db.selectFrom('orders').select('provider').where('id', '=', made.orderId).executeTakeFirst();
    expect(row?.provider).toBe('balance');
  });
});

describe('a card order where Stripe is not configured', () => {
  it('is refused with the calm 503, never settled through another provider', async () => {
    const bare = await createTestApp();
    closers.push(() => bare.close());
    let refusal: unknown;
    try {
      ordersContext(bare.deps).providerOf({ provider: 'stripe' });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 503,
      message: 'Payments are not available right now. Please try again later.',
    });
  });
});
