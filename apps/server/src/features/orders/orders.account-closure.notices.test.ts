import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CHAT_MESSAGES } from '@accountry/shared/order-messages';
import { emptyWallet } from '../../test/order-fixtures';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { arrangeDeal, expectLedgerHealthy, orderUpTo } from './orders-test-helpers';
import { adminAction, sellerWithOpenOrders } from './account-closure-test-helpers';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

/** The system messages of an order's conversation, oldest first. */
async function notices(orderId: string) {
  const rows = await ctx.db
    .selectFrom('orders as o')
    .innerJoin('messages as m', 'm.conversationId', 'o.conversationId')
    .select('m.body')
    .where('o.id', '=', orderId)
    .where('m.kind', '=', 'system')
    .orderBy('m.seq')
    .execute();
  return rows.map((r) => r.body);
}

/** Mails delivered since `from` to any of the addresses. */
async function mailsSince(from: number, ...to: string[]) {
  await ctx.deliverMail();
  return ctx.mailer.sent.slice(from).filter((m) => to.includes(m.to));
}

describe('orders canceled because an admin closed an account', () => {
  it("tell each buyer in the order's conversation and by mail; the closed seller hears of the account only", async () => {
    const { seller, unpaidDeal, paidDeal, unpaid, paid } = await sellerWithOpenOrders(ctx);
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    await adminAction(ctx, admin, seller.id, 'disable');

    expect((await notices(unpaid)).at(-1)).toBe(
      "The seller's account is no longer active, so the order was canceled. Nothing was charged.",
    );
    expect((await notices(paid)).at(-1)).toBe(
      "The seller's account is no longer active, so the order was canceled. The payment was refunded in full.",
    );
    const mails = await mailsSince(from, seller.email, unpaidDeal.buyer.email, paidDeal.buyer.email);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [seller.email, 'Your Accountry account was suspended'],
        [unpaidDeal.buyer.email, `Order canceled: ${unpaidDeal.listing.title}`],
        [paidDeal.buyer.email, 'Order canceled: Gold-rank League account'],
      ].sort(),
    );
    const toPayer = mails.find((m) => m.to === paidDeal.buyer.email)!;
    expect(toPayer.text).toContain('The order for "Gold-rank League account" ($125.00):');
    expect(toPayer.text).toContain(ORDER_CHAT_MESSAGES.seller_closedPaid);
    expect(mails.find((m) => m.to === unpaidDeal.buyer.email)!.text).toContain(ORDER_CHAT_MESSAGES.seller_closed);
  });

  it('tell the seller when the buyer was deleted; the closed buyer hears of the account only', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    await emptyWallet(ctx, deal.buyer.id);
    await adminAction(ctx, admin, deal.buyer.id, 'delete');

    const line =
      "The buyer's account is no longer active, so the unpaid order was canceled. The listing is available again.";
    expect(ORDER_CHAT_MESSAGES.buyer_closed).toBe(line);
    expect(await notices(id)).toEqual(['Order created. Waiting for the buyer to pay.', line]);
    // Both are queued in one transaction at one time: the outbox may send them in either order.
    const mails = await mailsSince(from, deal.seller.email, deal.buyer.email);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [deal.buyer.email, 'Your Accountry account was closed'],
        [deal.seller.email, `Order canceled: ${deal.listing.title}`],
      ].sort(),
    );
    expect(mails.find((m) => m.to === deal.seller.email)!.text).toContain(line);
  });

  it('are not offered as a move on the order page', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().actions).toEqual([]);
  });
});
