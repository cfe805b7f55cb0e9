import type { FastifyInstance } from 'fastify';
import { createPeerApp, createTestApp, signInAs, type TestContext } from '../../test/test-app';
import type { FakeEvent } from '../../test/fake-stripe/fake-stripe';
import { insertListing, partyWithSession, type Party } from '../../test/deal-fixtures';
import { newCreditRequestId } from '../../test/order-fixtures';
import { createStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { sweep, withPayoutDetails } from './orders-test-helpers';

/**
 * The money invariants harness: a Stripe app (card orders) and a peer process on the same database whose new orders are paid from
 * the balance, members who buy and sell, an admin, and a checker of the money invariants after every step.
 */
export const FEE_PERCENT = 7.5;

export type Json = Record<string, unknown>;

export interface World {
  ctx: StripeTestContext;
  balanceApp: FastifyInstance;
  admin: Party;
  members: Party[];
  orders: ModelOrder[];
  payouts: Array<{ id: string; member: Party }>;
  /** Every logged error (a sweep's failure, say): none is expected. */
  loggedErrors: unknown[];
  /** Every answer of 500 or more: none is expected. */
  serverErrors: string[];
  /** Stripe was told to fail requests: a 502/503 is then an honest answer. */
  outage: boolean;
  /** Members an admin disabled (their wallet is read through the admin's page meanwhile). */
  disabled: Set<string>;
  /** Webhooks our server answered with a 5xx during an outage: Stripe sends them again. */
  undelivered: FakeEvent[];
  trace: string[];
  close(): Promise<void>;
}

export interface ModelOrder {
  id: string;
  provider: 'balance' | 'stripe';
  buyer: Party;
  seller: Party;
  price: number;
  sessionId?: string;
  intent?: string;
  /** A completed Checkout Session's webhook not yet delivered. */
  pendingEvent?: FakeEvent;
  disputes: Array<{ id: string; open: boolean }>;
}

export async function createWorld(memberCount = 4, fund = 60_000): Promise<World> {
  const ctx = await createStripeTestApp((env) => createTestApp({ ...env, PLATFORM_FEE_PERCENT: String(FEE_PERCENT) }));
  const peer = await createPeerApp(ctx, { PAYMENT_PROVIDER: 'balance' });
  const loggedErrors: unknown[] = [];
  const admin = await partyWithSession(ctx, 'admin');
  const members: Party[] = [];
  for (let i = 0; i < memberCount; i++) {
    const m = await partyWithSession(ctx, 'both', { displayName: `Member ${i}` });
    members.push(m);
  }
  const world: World = {
    ctx,
    balanceApp: peer.app,
    admin,
    members,
    orders: [],
    payouts: [],
    loggedErrors,
    serverErrors: [],
    outage: false,
    disabled: new Set(),
    undelivered: [],
    trace: [],
    async close() {
      await peer.close();
      await ctx.close();
    },
  };
  for (const log of [ctx.deps.log, (peer.app as unknown as { deps: TestContext['deps'] }).deps.log]) {
    const original = log.error.bind(log);
    log.error = ((...args: unknown[]) => {
      // Stripe refusing a disputed charge's refund is expected: it waits for an admin (decision 095).
      if (!args.includes('Stripe refused a refund; it waits for an admin') && !world.outage) loggedErrors.push(args);
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof log.error;
  }
  for (const m of members) {
    await withPayoutDetails(ctx, m);
    if (fund > 0) {
      const r = await api(world, ctx.app, admin, 'POST', `/api/admin/users/${m.id}/balance-credits`, {
        amountCents: fund,
        reason: 'Bank transfer in',
        requestId: newCreditRequestId(),
      });
      if (r.status !== 200) throw new Error(`credit refused: ${JSON.stringify(r.body)}`);
    }
  }
  return world;
}

/** Call the API through one of the apps as a party; a fresh session each time (the clock moves on). */
export async function api(
  world: World,
  app: FastifyInstance,
  who: Party,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
) {
  who.session = await signInAs(world.ctx, who.id);
  const res = await app.inject({
    method,
    url,
    headers: who.session.headers,
    ...(payload !== undefined ? { payload } : method !== 'GET' ? { payload: {} } : {}),
  });
  const body = res.body ? (JSON.parse(res.body) as Json) : {};
  if (res.statusCode === 500 || (res.statusCode > 500 && !world.outage))
    world.serverErrors.push(`${method} ${url} -> ${res.statusCode} ${res.body}`);
  return { status: res.statusCode, body };
}

/** Make an order through the API: a fresh listing of the seller's, bought by the buyer, paid by card or balance. */
export async function createOrder(
  world: World,
  buyer: Party,
  seller: Party,
  provider: 'balance' | 'stripe',
  price: number,
  listing: { protectionDays?: number; deliveryTime?: string } = {},
) {
  const row = await insertListing(world.ctx, seller.id, {
    priceCents: price,
    protectionDays: listing.protectionDays ?? 5,
    deliveryTime: (listing.deliveryTime ?? 'instant') as 'instant',
  });
  const app = provider === 'stripe' ? world.ctx.app : world.balanceApp;
  const r = await api(world, app, buyer, 'POST', '/api/orders', { listingId: row.id });
  if (r.status !== 201) return null;
  const order: ModelOrder = { id: r.body.id as string, provider, buyer, seller, price, disputes: [] };
  world.orders.push(order);
  return order;
}

export const appOf = (world: World, o: ModelOrder) => (o.provider === 'stripe' ? world.ctx.app : world.balanceApp);

/** Pay: from the balance at once; by card through Checkout, its webhook sent now or kept for later. */
export async function payOrder(world: World, o: ModelOrder, deliverNow = true) {
  const r = await api(world, appOf(world, o), o.buyer, 'POST', `/api/orders/${o.id}/pay`);
  if (r.status !== 200 || o.provider === 'balance') return r.status;
  const url = r.body.redirectUrl as string | null;
  const m = url ? /\/c\/pay\/(cs_test_[\w-]+)$/.exec(url) : null;
  if (!m) return r.status;
  const session = world.ctx.fake.resources.sessions.get(m[1]!);
  if (!session || session.status !== 'open') return r.status;
  o.sessionId = m[1];
  const event = world.ctx.fake.completeSession(m[1]!);
  o.intent = world.ctx.fake.resources.sessions.get(m[1]!)!.payment_intent!;
  if (deliverNow) return (await deliverEvent(world, event)).status;
  o.pendingEvent = event;
  return 200;
}

export async function deliverEvent(world: World, event: FakeEvent) {
  const res = await world.ctx.fake.deliver(event);
  if (res.status >= 500 && world.outage) world.undelivered.push(event);
  if (res.status === 500 || (res.status > 500 && !world.outage))
    world.serverErrors.push(`webhook ${event.type} -> ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export async function openChargeback(world: World, o: ModelOrder, amount?: number, feeCents = 1500) {
  const event = world.ctx.fake.chargeback(o.intent!, {
    reason: 'fraudulent',
    ...(amount !== undefined ? { amount } : {}),
    feeCents,
  });
  const id = (event.data.object as { id: string }).id;
  // Stripe refuses to refund a disputed charge.
  world.ctx.fake.resources.refuseRefunds(o.intent!, 'charge_disputed');
  const res = await deliverEvent(world, event);
  o.disputes.push({ id, open: true });
  return { id, res };
}

export async function closeChargeback(
  world: World,
  o: ModelOrder,
  disputeId: string,
  status: 'won' | 'lost' | 'warning_closed',
  feeReturned = true,
) {
  const d = o.disputes.find((x) => x.id === disputeId)!;
  d.open = false;
  const event = world.ctx.fake.closeChargeback(disputeId, status, feeReturned);
  const lostAny = [...world.ctx.fake.resources.disputes.values()].some(
    (x) => x.payment_intent === o.intent && x.status === 'lost',
  );
  // Decided for the seller, with no other dispute open or lost: Stripe refunds the charge again.
  if (!lostAny && !o.disputes.some((x) => x.open)) world.ctx.fake.resources.allowRefunds(o.intent!);
  return deliverEvent(world, event);
}

export const sweepNow = (world: World) => sweep(world.ctx);
