import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../lib/ledger';
import { TEST_PASSWORD, createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { fund } from '../../test/order-fixtures';

export { fund };
import { call, partyWithSession, type Json, type Party } from '../../test/deal-fixtures';
export { arrangeDeal, call, insertListing, orderUpTo, partyWithSession, type Party } from '../../test/deal-fixtures';
import { ordersContext } from './orders-context';
import { sweepOrders } from './order-sweep';
import { PAYOUT_HOLD_MS } from './payout-hold.service';

export const sweep = (ctx: TestContext) => sweepOrders(ordersContext(ctx.deps));

/** The messages of a listing's chat, oldest first, as their text (one buyer's conversation when a buyer is named). */
export async function listingChat(ctx: TestContext, listingId: string, buyerId?: string) {
  let q = ctx.db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .select('m.body')
    .where('c.listingId', '=', listingId);
  if (buyerId) q = q.where('c.buyerId', '=', buyerId);
  return (await q.orderBy('m.seq').execute()).map((m) => m.body);
}

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

/** An admin marks a payout paid with the transfer's reference the route asks for (decision 188). */
export const markPaid = (ctx: TestContext, admin: Party, payoutId: string, reference = 'TRF-2026-0001') =>
  call(ctx, admin, 'POST', `/api/admin/payouts/${payoutId}/paid`, { reference });

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

/** A new seller with $200.00 available and payout details, who asked for a payout of `amountCents`: its id. */
export async function sellerWithOpenPayout(ctx: TestContext, amountCents: number) {
  const seller = await partyWithSession(ctx, 'seller');
  await fund(ctx, seller.id, 20_000);
  await withPayoutDetails(ctx, seller);
  const asked = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.id as string;
  return { seller, email: seller.email, id };
}

/** The file's app and an admin, the ledger checked after every test: the set-up most orders test files share. */
export function useOrdersTestApp(take: (ctx: TestContext, admin: Party) => void) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    take(ctx, await partyWithSession(ctx, 'admin'));
  });
  afterEach(() => expectLedgerHealthy(ctx!));
  afterAll(() => ctx?.close());
}
