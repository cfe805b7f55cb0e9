import { expect } from 'vitest';
import type { Role } from '@accountry/shared/roles';
import type { ListingsTable } from '../../db/schema';
import { checkLedger } from '../../lib/ledger';
import { TEST_PASSWORD, signInAs, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { fund } from '../../test/order-fixtures';

export { fund };
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { PAYOUT_HOLD_MS } from './payout-hold.service';

/** An active listing with no screenshots, inserted directly through the shared listing fixture. */
export function insertListing(ctx: TestContext, sellerId: string, over: Partial<ListingsTable> = {}) {
  const orderDefaults: Partial<ListingsTable> = {
    title: 'Diamond-rank Valorant account',
    platform: 'valorant',
    description: 'A well-kept account with many skins.',
    priceCents: 10_000,
    level: null,
    itemsCount: null,
    accountAgeMonths: null,
    deliveryTime: 'instant',
    protectionDays: 5,
  };
  return insertTestListing(ctx, sellerId, { ...orderDefaults, ...over }, 0);
}

export interface Party {
  id: string;
  session: Session;
}

/** A seller with an active listing and a funded buyer. */
export async function arrangeDeal(ctx: TestContext, listing: Partial<ListingsTable> = {}, buyerRole: Role = 'buyer') {
  const s = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const b = await userWithSession(ctx, buyerRole, { displayName: 'Bea Buyer' });
  const row = await insertListing(ctx, s.user.id, listing);
  await fund(ctx, b.user.id, 50_000);
  return {
    seller: { id: s.user.id, session: s.session, email: s.user.email },
    buyer: { id: b.user.id, session: b.session, email: b.user.email },
    listing: row,
  };
}

type Json = Record<string, unknown>;

/** Call the API as a party; a fresh session each time, since tests move the clock past the inactivity timeout. */
export async function call(
  ctx: TestContext,
  who: Party | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
) {
  if (who) who.session = await signInAs(ctx, who.id);
  const res = await ctx.app.inject({
    method,
    url,
    headers: who ? who.session.headers : {},
    ...(payload !== undefined ? { payload } : method !== 'GET' ? { payload: {} } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json & { error?: { message: string } } };
}

export const sweep = (ctx: TestContext) => sweepOrders(ordersContext(ctx.deps));

/** A snapshot of every balance: refusals must leave it as it was. */
export async function ledgerSnapshot(ctx: TestContext) {
  const accounts = await ctx.db.selectFrom('ledgerAccounts').select(['id', 'balanceCents']).orderBy('id').execute();
  const entries = await ctx.db
    .selectFrom('ledgerEntries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { accounts, entries: Number(entries.n) };
}

export async function balance(ctx: TestContext, accountId: string) {
  const row = await ctx.db
    .selectFrom('ledgerAccounts')
    .select('balanceCents')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balanceCents ?? 0);
}

/** The ledger invariant, checked after every test. */
export async function expectLedgerHealthy(ctx: TestContext) {
  expect(await checkLedger(ctx.db)).toEqual([]);
}

/** Buy, pay and (optionally) deliver through the API; returns the order id. */
export async function orderUpTo(
  ctx: TestContext,
  deal: Awaited<ReturnType<typeof arrangeDeal>>,
  stage: 'pending_payment' | 'paid' | 'delivered' | 'protection',
) {
  const created = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (stage === 'pending_payment') return id;
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(200);
  if (stage === 'paid') return id;
  const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, {
    credentials: { login: 'valorant_king', password: 'S3cret-pass!' },
  });
  expect(delivered.status).toBe(200);
  if (stage === 'delivered') return id;
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`)).status).toBe(200);
  return id;
}

/** An IBAN that passes its check, spaced as people type it. */
export const TEST_IBAN = 'DE89 3704 0044 0532 0130 00';

let payoutIps = 0;

/** Set payout details from an address of its own: the route's per-address limit is not what a test is about. */
export async function putPayoutDetails(ctx: TestContext, who: Party, payload: Json) {
  who.session = await signInAs(ctx, who.id);
  const n = payoutIps++;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/wallet/payout-method',
    headers: who.session.headers,
    payload: { password: TEST_PASSWORD, ...payload },
    remoteAddress: `10.88.${(n >> 8) & 255}.${n & 255}`,
  });
  return { status: res.statusCode, body: res.json() as Json & { error?: { message: string } } };
}

/**
 * Give the party payout details (decision 173; a code when two-factor sign-in is on) and let the 48 hours after a
 * change pass, so payouts can be asked.
 */
export async function withPayoutDetails(ctx: TestContext, who: Party, code?: string) {
  const details = { kind: 'iban', holder: 'Sam Seller', iban: TEST_IBAN };
  const res = await putPayoutDetails(ctx, who, { details, ...(code ? { code } : {}) });
  if (res.status !== 200) throw new Error(`payout details refused: ${JSON.stringify(res.body)}`);
  ctx.clock.advance(PAYOUT_HOLD_MS);
}
