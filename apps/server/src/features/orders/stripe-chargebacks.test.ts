import { describe, expect, it } from 'vitest';
import { INSPECTION_WINDOW_MS } from '@accountry/shared/order-state';
import { signInAs, userWithSession } from '../../test/test-app';
import { listingChat, sweep } from './orders-test-helpers';
import {
  bankDecides as decides,
  cardPaidOrder,
  useStripeTestApp,
  escrowAndClearing,
  openChargeback,
  orderStatus,
  type StripeTestContext,
} from './stripe-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';

/** Decision 183: the card's bank takes a payment back (a chargeback), reported by Stripe's signed webhooks. */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const HOLD = "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.";

const paidOrder = (priceCents?: number) => cardPaidOrder(ctx, priceCents);

const { post, detail } = orderCalls(() => ctx);

/** The bank opens a chargeback on the payment; returns the dispute's id. */
const chargeback = (intent: string) => openChargeback(ctx, intent);
const bankDecides = (disputeId: string, status: 'won' | 'lost' | 'warning_closed') => decides(ctx, disputeId, status);

describe('chargebacks', () => {
  it('hold a delivered order: no move and no timer until the bank decides for the seller, then it goes on in its time', async () => {
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
      chargeback: { status: 'open', amountCents: 20_000, reason: 'product_not_received', held: true },
    });
    expect(held.history.at(-1)).toMatchObject({
      event: 'chargeback_opened',
      reason: "The buyer's bank disputes $200.00 of the payment: the cardholder says the account never arrived.",
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
    // The hold took the inspection window's time: the buyer gets it back, then the sweep confirms for them.
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('delivered');
    ctx.clock.advance(INSPECTION_WINDOW_MS);
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
    // The bank gave the money back: Stripe is asked for no refund, and escrow and clearing are where they began but
    // for Stripe's $15.00 dispute fee, which the platform paid.
    expect(ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    expect(await escrowAndClearing(ctx)).toEqual({ escrow: before.escrow, clearing: before.clearing + 1_500 });
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
    expect(seen).toMatchObject({
      status: 'completed',
      chargeback: { status: 'lost', held: false, settledBefore: true },
    });
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

describe('chargebacks and the rest of the site', () => {
  it('let an admin close the seller’s account: the held order stays for the bank to decide', async () => {
    const { seller, orderId, intent } = await paidOrder(9_000);
    await chargeback(intent);
    const admin = await userWithSession(ctx, 'admin');
    // The confirmation counts the held order among those that go on, not those the closing cancels.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/${seller.user.id}`,
      headers: admin.session.headers,
    });
    expect(page.json().openOrders).toMatchObject({ canceled: 0, refunded: 0, continuing: 1 });
    const res = await post(admin.session.headers, `/api/admin/users/${seller.user.id}/disable`, {
      reason: 'Stolen accounts reported.',
    });
    expect(res.statusCode).toBe(200);
    const user = await ctx.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', seller.user.id)
      .executeTakeFirst();
    expect(user?.disabled).toBe(true);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });

  it('keep the buyer from revealing the credentials while the bank decides', async () => {
    const { buyer, seller, orderId, intent } = await paidOrder(9_000);
    await post(seller.session.headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    await chargeback(intent);
    const reveal = await post(buyer.session.headers, `/api/orders/${orderId}/credentials/reveal`);
    expect(reveal.statusCode).toBe(409);
    expect(reveal.json().error.message).toBe(HOLD);
    expect(reveal.body).not.toContain('Hunter-22');
  });

  it('give the seller back the time the hold took when the bank decides for them', async () => {
    const { seller, orderId, intent } = await paidOrder(9_000);
    const disputeId = await chargeback(intent);
    ctx.clock.advance(10 * 24 * 3_600_000);
    await bankDecides(disputeId, 'won');
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    const delivered = await post((await signInAs(ctx, seller.user.id)).headers, `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'ace', password: 'Hunter-22' },
    });
    expect(delivered.statusCode).toBe(200);
  });

  it('ask Stripe for a decision whose webhook never came, so no order stays on hold for good', async () => {
    const { orderId, intent } = await paidOrder(6_000);
    const disputeId = await chargeback(intent);
    // The bank decides, but the event never reaches us (the endpoint was down past Stripe's retries).
    ctx.fake.resources.closeDispute(disputeId, 'lost');
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    ctx.clock.advance(2 * 24 * 3_600_000);
    await sweep(ctx);
    expect(await orderStatus(ctx, orderId)).toBe('refunded');
  });

  it('mark held orders in the lists, and the admin finds every order a chargeback touched', async () => {
    const { buyer, orderId, intent } = await paidOrder(4_000);
    await chargeback(intent);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders?side=purchases',
      headers: (await signInAs(ctx, buyer.user.id)).headers,
    });
    expect(mine.json().items).toEqual([expect.objectContaining({ id: orderId, onHold: true })]);
    const admin = await userWithSession(ctx, 'admin');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=chargeback',
      headers: admin.session.headers,
    });
    const ids = (listed.json().items as Array<{ id: string }>).map((o) => o.id);
    expect(ids).toContain(orderId);
    const withoutChargebacks = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'not in', ctx.db.selectFrom('chargebacks').select('orderId'))
      .execute();
    expect(ids.some((id) => withoutChargebacks.some((o) => o.id === id))).toBe(false);
  });
});
