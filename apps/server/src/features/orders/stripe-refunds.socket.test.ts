import { describe, expect, it, vi } from 'vitest';
import { ORDER_EVENTS } from '@accountry/shared/order-events';
import { userWithSession } from '../../test/test-app';
import { injectSocket, type TestSocket } from '../../test/test-socket';
import { orderCalls } from './chargebacks-test-helpers';
import { ordersContext } from './orders-context';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { refundRowsOf } from './refused-refunds-test-helpers';
import { cardPaidOrder, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 211: the background refund sender's outcome (Stripe took the refund, refused it, or could not be reached),
 * and a refund's failure after Stripe took it (decision 234), reaches the order's open pages as an order update: its
 * buyer, seller and admins hear of it, nobody else.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const { post } = orderCalls(() => ctx);
const provider = () => ordersContext(ctx.deps).provider as StripePaymentProvider;
/** Published to the same process (or over NOTIFY): a stranger's socket would have it by now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A card order canceled while Stripe is unreachable (its refund owed), with sockets open for whom it concerns. */
async function refundOwedWithPagesOpen() {
  const deal = await cardPaidOrder(ctx, 6_000);
  ctx.fake.setDown(true);
  const res = await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/cancel`).finally(() =>
    ctx.fake.setDown(false),
  );
  expect(res.statusCode).toBe(200);
  expect(await refundRowsOf(ctx, deal.orderId)).toEqual([expect.objectContaining({ status: 'pending' })]);
  const admin = await userWithSession(ctx, 'admin');
  const stranger = await userWithSession(ctx, 'buyer');
  const sockets: TestSocket[] = [];
  for (const who of [deal.buyer, deal.seller, admin, stranger]) {
    const s = await injectSocket(ctx.app, who.session.cookie);
    await s.next('hello');
    sockets.push(s);
  }
  // The cancel's own update may still be on its way: only what the sender publishes counts.
  await settle();
  for (const s of sockets) s.frames.splice(0);
  const [buyerSocket, sellerSocket, adminSocket, strangerSocket] = sockets;
  return { ...deal, parties: [buyerSocket!, sellerSocket!, adminSocket!], strangerSocket: strangerSocket!, sockets };
}

async function expectUpdateHeard(opened: Awaited<ReturnType<typeof refundOwedWithPagesOpen>>) {
  try {
    for (const s of opened.parties)
      await vi.waitFor(() => expect(s.all(ORDER_EVENTS.updated)).toEqual([{ orderId: opened.orderId }]));
    await settle();
    expect(opened.strangerSocket.all(ORDER_EVENTS.updated)).toEqual([]);
  } finally {
    for (const s of opened.sockets) await s.close();
  }
}

describe('the refund sender’s outcome over the socket', () => {
  it('a refund Stripe takes on the retry tells the parties and admins, not a stranger', async () => {
    const opened = await refundOwedWithPagesOpen();
    expect(await provider().sendPendingRefunds()).toBe(1);
    expect(await refundRowsOf(ctx, opened.orderId)).toEqual([expect.objectContaining({ status: 'sent' })]);
    await expectUpdateHeard(opened);
  });

  it('a refund Stripe refuses on the retry tells the parties and admins, not a stranger', async () => {
    const opened = await refundOwedWithPagesOpen();
    ctx.fake.resources.refuseRefunds(opened.intent);
    expect(await provider().sendPendingRefunds()).toBe(0);
    expect(await refundRowsOf(ctx, opened.orderId)).toEqual([expect.objectContaining({ status: 'refused' })]);
    await expectUpdateHeard(opened);
  });

  it('a refund that fails after Stripe took it tells the parties and admins, not a stranger', async () => {
    const opened = await refundOwedWithPagesOpen();
    expect(await provider().sendPendingRefunds()).toBe(1);
    const refund = ctx.fake.resources.refunds.at(-1)!;
    // The send's own update may still be on its way: only what the failure publishes counts.
    await settle();
    for (const s of opened.sockets) s.frames.splice(0);
    expect((await ctx.fake.deliver(ctx.fake.failRefund(refund.id))).body).toMatchObject({ outcome: 'refund_failed' });
    expect(await refundRowsOf(ctx, opened.orderId)).toEqual([expect.objectContaining({ status: 'refused' })]);
    await expectUpdateHeard(opened);
  });

  it('a retry Stripe cannot take yet tells them of the failed try, not a stranger', async () => {
    const opened = await refundOwedWithPagesOpen();
    ctx.fake.setDown(true);
    try {
      expect(await provider().sendPendingRefunds()).toBe(0);
    } finally {
      ctx.fake.setDown(false);
    }
    expect(await refundRowsOf(ctx, opened.orderId)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 2 }),
    ]);
    await expectUpdateHeard(opened);
  });
});
