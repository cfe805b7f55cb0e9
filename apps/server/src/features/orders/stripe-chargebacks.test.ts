import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_WINDOW_MS } from '@accountry/shared/order-state';
import { signInAs, userWithSession } from '../../test/test-app';
import { listingChat, sweep } from './orders-test-helpers';
import {
  cardPaidOrder,
  createStripeTestApp,
  escrowAndClearing,
  expectLedgerHolds,
  orderStatus,
  type StripeTestContext,
} from './stripe-test-helpers';

/** Decision 183: the card's bank takes a payment back (a chargeback), reported by Stripe's signed webhooks. */
let ctx: StripeTestContext;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());
afterEach(() => expectLedgerHolds(ctx));

const HOLD = "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.";

const paidOrder = (priceCents?: number) => cardPaidOrder(ctx, priceCents);

const post = (headers: Record<string, string>, url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const detail = async (headers: Record<string, string>, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers })).json();

/** The bank opens a chargeback on the payment; returns the dispute's id. */
async function chargeback(intent: string) {
  const event = ctx.fake.chargeback(intent, 'product_not_received');
  expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'opened' } });
  return (event.data.object as { id: string }).id;
}

async function bankDecides(disputeId: string, status: 'won' | 'lost' | 'warning_closed') {
  return ctx.fake.deliver(ctx.fake.closeChargeback(disputeId, status));
}

describe('chargebacks', () => {
  it('hold a delivered order: no move and no timer until the bank decides for the seller, then it goes on', async () => {
    const { buyer, seller, orderId, intent, listing } = await paidOrder();
    const delivered = await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    expect(delivered.statusCode).toBe(200);
    await ctx.deliverMail();
    const sentBefore = ctx.mailer.sent.length;
    const disputeId = await chargeback(intent);

    const held = await detail(buyer.session.headers, orderId);
    expect(held).toMatchObject({
      status: 'delivered',
      actions: [],
      chargeback: { status: 'open', amountCents: 20_000, reason: 'product not received', held: true },
    });
    expect(held.history.at(-1)).toMatchObject({
      event: 'chargeback_opened',
      reason: "The buyer's bank disputes $200.00 of the payment (product not received).",
    });
    // Nothing waits for the buyer's move while the bank decides.
    const waiting = await ctx.app.inject({ method: 'GET', url: '/api/orders/waiting', headers: buyer.session.headers });
    expect(waiting.json()).toMatchObject({ purchases: 0 });
    const confirm = await post(buyer.session.headers, `/api/orders/${orderId}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(HOLD);
    ctx.clock.advance(INSPECTION_WINDOW_MS + 1000);
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('delivered');
    const chat = await listingChat(ctx, listing.id, buyer.user.id);
    expect(chat).toContain(
      "The buyer's bank opened a chargeback on this payment. The order is on hold until the bank decides; " +
        "Accountry answers the bank with the order's records.",
    );
    await ctx.deliverMail();
    const told = ctx.mailer.sent.slice(sentBefore).map((m) => [m.to, m.subject]);
    expect(told.sort()).toEqual(
      [
        [buyer.user.email, `A chargeback put the order on hold: ${listing.title}`],
        [seller.user.email, `A chargeback put the order on hold: ${listing.title}`],
      ].sort(),
    );

    // Stripe repeats an event until it is answered: the same chargeback is recorded once.
    const again = ctx.fake.event('charge.dispute.created', ctx.fake.resources.disputes.get(disputeId));
    expect((await ctx.fake.deliver(again)).body).toEqual({ received: true, outcome: 'duplicate' });

    expect((await bankDecides(disputeId, 'won')).body).toEqual({ received: true, outcome: 'won' });
    // The clock moved past the session's lifetime: a new sign-in.
    const freed = await detail((await signInAs(ctx, seller.user.id)).headers, orderId);
    expect(freed.chargeback).toMatchObject({ status: 'won', held: false });
    expect(freed.history.at(-1)).toMatchObject({ event: 'chargeback_won' });
    // The inspection window ran out during the hold: the sweep now confirms the order for the buyer.
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('protection');
  });

  it('lost on an undelivered order: refunded from escrow without a refund of our own, the listing back on sale', async () => {
    const before = await escrowAndClearing(ctx);
    const { buyer, seller, orderId, intent, listing } = await paidOrder(7_500);
    const disputeId = await chargeback(intent);
    const deliver = await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    expect(deliver.statusCode).toBe(409);
    expect(deliver.json().error.message).toBe(HOLD);

    expect((await bankDecides(disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const order = await detail(buyer.session.headers, orderId);
    expect(order).toMatchObject({ status: 'refunded', refundedCents: 7_500, chargeback: { status: 'lost' } });
    expect(order.history.at(-1)).toMatchObject({ to: 'refunded', actorKind: 'provider' });
    // The bank gave the money back: Stripe is asked for no refund, and escrow and clearing are where they began.
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    expect(await escrowAndClearing(ctx)).toEqual(before);
    const l = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect(l?.status).toBe('active');
    expect((await bankDecides(disputeId, 'lost')).body).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('keeps an admin from deciding a held dispute until the bank has', async () => {
    const { buyer, seller, orderId, intent } = await paidOrder(10_000);
    await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    const reason = 'The account was recovered by its first owner.';
    expect((await post(buyer.session.headers, `/api/orders/${orderId}/dispute`, { reason })).statusCode).toBe(200);
    const disputeId = await chargeback(intent);
    const admin = await userWithSession(ctx, 'admin');
    const decision = { outcome: 'release', reason: 'The seller showed the account works.' };
    const refused = await post(admin.session.headers, `/api/admin/orders/${orderId}/decision`, decision);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(HOLD);
    expect(await orderStatus(ctx, orderId)).toBe('disputed');

    // An inquiry the bank closes without taking the money counts as won: the admin decides as usual.
    expect((await bankDecides(disputeId, 'warning_closed')).body).toEqual({ received: true, outcome: 'won' });
    const decided = await post(admin.session.headers, `/api/admin/orders/${orderId}/decision`, decision);
    expect(decided.statusCode).toBe(200);
  });

  it('records a chargeback on a completed order without holding it, for the admins to settle', async () => {
    const { buyer, seller, orderId, intent } = await paidOrder(5_000);
    await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    await post(buyer.session.headers, `/api/orders/${orderId}/confirm`);
    ctx.clock.advance(40 * 24 * 3_600_000);
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('completed');
    const disputeId = await chargeback(intent);
    expect((await bankDecides(disputeId, 'lost')).body).toEqual({ received: true, outcome: 'lost' });
    const admin = await userWithSession(ctx, 'admin');
    const seen = await detail(admin.session.headers, orderId);
    expect(seen).toMatchObject({ status: 'completed', chargeback: { status: 'lost', held: false } });
  });

  it('refuses a chargeback on a payment no order of ours made', async () => {
    const { intent } = await paidOrder(3_000);
    const session = [...ctx.fake.resources.sessions.values()].find((s) => s.payment_intent === intent)!;
    session.client_reference_id = null;
    session.metadata = {};
    const res = await ctx.fake.deliver(ctx.fake.chargeback(intent));
    expect(res.status).toBe(400);
    expect(await ctx.db.selectFrom('chargebacks').select('id').where('orderId', '=', 'nope').execute()).toEqual([]);
  });
});
