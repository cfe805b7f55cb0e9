import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  checkLedger,
  balanceOf,
  CHARGEBACK_RECEIVABLE,
  ESCROW,
  PLATFORM_EXPENSE,
  PLATFORM_FEE,
  STRIPE_CLEARING,
} from '../../lib/ledger';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { FakeStripe } from '../../test/fake-stripe/fake-stripe';
import type { DisputeOptions } from '../../test/fake-stripe/fake-stripe-resources';
import { insertListing } from './orders-test-helpers';

export const STRIPE_KEY = 'sk_test_accountry';
export const STRIPE_WEBHOOK_SECRET = 'whsec_accountry_test';

export interface StripeTestContext extends TestContext {
  fake: FakeStripe;
}

/**
 * The app with PAYMENT_PROVIDER=stripe, listening on 127.0.0.1, and a fake Stripe that delivers webhooks to it; `make`
 * builds the app from its environment (a race app's, for races).
 */
export async function createStripeTestApp(
  make: (env: Record<string, string>) => Promise<TestContext> = (env) => createTestApp(env),
): Promise<StripeTestContext> {
  // The fake signs with the app's manual clock, which exists only once the app does.
  const time: { clock?: TestContext['clock'] } = {};
  const fake = await FakeStripe.start({
    apiKey: STRIPE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    now: () => time.clock?.now() ?? Date.now(),
  });
  const ctx = await make({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  time.clock = ctx.clock;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  fake.webhookUrl = `http://127.0.0.1:${port}/api/payments/stripe/webhook`;
  return {
    ...ctx,
    fake,
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}

/**
 * A seller's active listing and a signed-in buyer with an order for it, awaiting payment; made through `app` (another
 * process on the same database, say).
 */
export async function pendingOrder(ctx: StripeTestContext, priceCents = 12_345, app = ctx.app) {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id, { priceCents });
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.session.headers,
    payload: { listingId: listing.id },
  });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, listing, orderId: res.json().id as string };
}

export async function pay(ctx: StripeTestContext, session: Session, orderId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay`, headers: session.headers });
}

/** Pay through Checkout: the session the pay button opened, completed by the customer, its event unsent. */
export async function checkoutCompleted(ctx: StripeTestContext, session: Session, orderId: string) {
  const res = await pay(ctx, session, orderId);
  expect(res.statusCode).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_[\w-]+)$/.exec(res.json().redirectUrl)![1];
  return { sessionId, event: ctx.fake.completeSession(sessionId) };
}

/** An order paid by card through Checkout and the signed webhook, with its session and PaymentIntent. */
export async function cardPaidOrder(ctx: StripeTestContext, priceCents = 20_000) {
  const deal = await pendingOrder(ctx, priceCents);
  const { sessionId, event } = await checkoutCompleted(ctx, deal.buyer.session, deal.orderId);
  expect((await ctx.fake.deliver(event)).status).toBe(200);
  const intent = ctx.fake.resources.sessions.get(sessionId)!.payment_intent!;
  return { ...deal, sessionId, intent };
}

export async function orderStatus(ctx: TestContext, orderId: string) {
  const row = await ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.status;
}

/** Everything money-related, to compare before and after a refused request. */
export async function moneySnapshot(ctx: TestContext) {
  const orders = await ctx.db.selectFrom('orders').select(['id', 'status', 'providerRef']).orderBy('id').execute();
  const entries = await ctx.db.selectFrom('ledgerEntries').select(['accountId', 'amountCents']).execute();
  const history = await ctx.db.selectFrom('orderHistory').select(['orderId', 'toStatus']).execute();
  return { orders, entries: entries.length, history: history.length };
}

export async function expectLedgerHolds(ctx: TestContext) {
  expect(await checkLedger(ctx.db)).toEqual([]);
}

export const escrowAndClearing = async (ctx: TestContext) => ({
  escrow: await balanceOf(ctx.db, ESCROW),
  clearing: await balanceOf(ctx.db, STRIPE_CLEARING),
});

/**
 * The platform's accounts: escrow, card money at Stripe, fees earned, the costs it paid and what chargebacks on
 * settled orders left to recover (decision 183).
 */
export const platformBalances = async (ctx: TestContext) => ({
  ...(await escrowAndClearing(ctx)),
  fees: await balanceOf(ctx.db, PLATFORM_FEE),
  expenses: await balanceOf(ctx.db, PLATFORM_EXPENSE),
  receivable: await balanceOf(ctx.db, CHARGEBACK_RECEIVABLE),
});

/**
 * What Stripe holds of the order's card payment: the charge, less the refunds that reached the card, less what its disputes took with their
 * fees, plus what they gave back. The order's `stripe_clearing` entries should say the same, negated.
 */
export function stripeHolds(ctx: StripeTestContext, intent: string, chargedCents: number) {
  // A refund that failed or was canceled gave its money back to the payment.
  const refunded = ctx.fake.resources.refunds.filter((r) => r.payment_intent === intent && r.status === 'succeeded');
  const disputes = [...ctx.fake.resources.disputes.values()].filter((d) => d.payment_intent === intent);
  const disputed = disputes.flatMap((d) => d.balance_transactions).reduce((sum, t) => sum + t.net, 0);
  return chargedCents - refunded.reduce((sum, r) => sum + r.amount, 0) + disputed;
}

/** The order's card money at Stripe as the ledger books it: its `stripe_clearing` entries, negated. */
export async function clearingOf(ctx: TestContext, orderId: string) {
  const entries = await ctx.db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select('e.amountCents')
    .where('t.orderId', '=', orderId)
    .where('e.accountId', '=', STRIPE_CLEARING)
    .execute();
  // 0 - sum, not -sum: an order whose card money is all back compares equal to 0, not -0.
  return 0 - entries.reduce((sum, e) => sum + Number(e.amountCents), 0);
}

/** The card's bank opens a chargeback on the payment and Stripe's webhook reaches us; returns the dispute's id. */
export async function openChargeback(ctx: StripeTestContext, intent: string, options: DisputeOptions = {}) {
  const event = ctx.fake.chargeback(intent, { reason: 'product_not_received', ...options });
  expect(await ctx.fake.deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'opened' } });
  return (event.data.object as { id: string }).id;
}

export function bankDecides(
  ctx: StripeTestContext,
  disputeId: string,
  status: 'won' | 'lost' | 'warning_closed',
  feeReturned?: boolean,
) {
  return ctx.fake.deliver(ctx.fake.closeChargeback(disputeId, status, feeReturned));
}

/** The Stripe app for the test file: made before its tests, handed to `take`, the ledger checked after each, closed. */
export function useStripeTestApp(take: (ctx: StripeTestContext) => void) {
  let ctx: StripeTestContext | undefined;
  beforeAll(async () => {
    ctx = await createStripeTestApp();
    take(ctx);
  });
  afterEach(() => expectLedgerHolds(ctx!));
  afterAll(() => ctx?.close());
}
