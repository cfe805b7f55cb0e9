import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAnalyzedPlan, rowsReadFrom } from '../../test/postgres-plans';
import type { DatabaseHandle } from '../../db/database';
import type { OrderStatusFilter } from '@accountry/shared/order-lists';
import type { ChargebacksTable, OrdersTable, StripeRefundsTable } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { Keyset } from '../../lib/keyset-cursor';
import { insertTestListing } from '../../test/listing-fixtures';
import { orderRowOf } from '../../test/order-fixtures';
import { createTestDatabase, createUser } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { orderRowsQuery, type OrderListFilter } from './order-rows.repository';

type Filter = 'chargeback' | 'chargeback_to_recover' | 'refund_refused' | 'refunded_payment_dispute';

/**
 * The plan (lines joined by " | ") of a list page's statement, and its order ids. `seqScans: false` steers PostgreSQL
 * off reading a few rows whole, which is as good as an index on so few.
 */
async function statementPlan(handle: DatabaseHandle, f: OrderListFilter, { seqScans }: { seqScans: boolean }) {
  if (handle.engine === 'sqlite') {
    const { plan, result } = await sqlitePlanOf(handle.url, /from "orders" as "o"/, (db) =>
      orderRowsQuery(db, f).execute(),
    );
    return { plan, ids: result.map((r) => r.id) };
  }
  const query = orderRowsQuery(handle.db, f).compile();
  const rows = await handle.db.transaction().execute(async (trx) => {
    if (!seqScans) await sql`set local enable_seqscan = off`.execute(trx);
    const explain = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
    return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows;
  });
  const ids = (await orderRowsQuery(handle.db, f).execute()).map((r) => r.id);
  return { plan: rows.map((r) => r['QUERY PLAN']).join(' | '), ids };
}

/**
 * The admin orders list's chargeback filters (decision 183) start from the chargebacks, on their indexes, and reach
 * each order by its key: the page never walks the history of orders to find the few a chargeback touched. So does the
 * filter of refunds Stripe refused (decision 095), from the refunds.
 */
describe('the plan of the admin orders chargeback and refused-refund filters', () => {
  let handle: DatabaseHandle;
  const listed: Record<Filter, string[]> = {
    chargeback: [],
    chargeback_to_recover: [],
    refund_refused: [],
    refunded_payment_dispute: [],
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 5)) };
    const seller = await createUser(arrange, { role: 'seller' });
    const buyer = await createUser(arrange, { role: 'buyer' });
    const listing = await insertTestListing(arrange, seller.id, { status: 'sold' }, 0);
    // Many orders, a few chargebacks, as on a live site: what PostgreSQL's statistics weigh. Ids are random, so with a
    // few hundred orders the few a chargeback touched could all sort early, and a merge join walking the orders' key
    // up to the last of them would cost less than a lookup each; thousands make that walk dear wherever they sort.
    const rows: OrdersTable[] = [];
    for (let i = 0; i < 3000; i++) {
      arrange.clock.advance(60_000);
      rows.push(orderRowOf(arrange, { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id }));
    }
    for (let i = 0; i < rows.length; i += 200)
      await handle.db
        .insertInto('orders')
        .values(rows.slice(i, i + 200))
        .execute();
    const orders = rows.map((r) => r.id);
    const chargeback = (orderId: string, over: Partial<ChargebacksTable>) =>
      handle.db
        .insertInto('chargebacks')
        .values({
          id: `dp_${newId()}`,
          orderId,
          amountCents: 10_000,
          reason: 'fraudulent',
          status: 'lost',
          orderStatusAtOpen: 'completed',
          openedAt: arrange.clock.now(),
          closedAt: arrange.clock.now(),
          checkedAt: null,
          feeCents: 1_500,
          feeReturnedCents: 0,
          withdrawnCents: 10_000,
          reinstatedCents: 0,
          recoveredCents: 0,
          ...over,
        })
        .execute();
    const [toRecover, partlyRecovered, recovered, won, open] = [10, 50, 120, 200, 280].map((i) => orders[i]!);
    await chargeback(toRecover!, {});
    await chargeback(partlyRecovered!, { recoveredCents: 4_000 });
    await chargeback(recovered!, { recoveredCents: 10_000 });
    await chargeback(won!, { status: 'won', reinstatedCents: 10_000 });
    await chargeback(open!, { status: 'open', closedAt: null });
    listed.chargeback = [open!, won!, recovered!, partlyRecovered!, toRecover!];
    listed.chargeback_to_recover = [partlyRecovered!, toRecover!];
    // A few card refunds Stripe refused among those sent and settled (decision 095).
    const refund = (orderId: string, status: StripeRefundsTable['status']) =>
      handle.db
        .insertInto('stripeRefunds')
        .values({
          idempotencyKey: `${orderId}:refund:10000`,
          orderId,
          sessionId: `cs_${orderId}`,
          amountCents: 10_000,
          status,
          stripeRefundId: null,
          attempts: 1,
          lastError: status === 'sent' ? null : 'Charge cannot be refunded.',
          createdAt: arrange.clock.now(),
          sentAt: null,
          nextAttemptAt: arrange.clock.now(),
          adminRetries: 0,
          settledAt: null,
          settledBy: null,
          settledReference: null,
          coveredByChargebackCents: 0,
        })
        .execute();
    const [refusedOld, sent, settled, refusedNew] = [30, 60, 90, 150].map((i) => orders[i]!);
    for (let i = 0; i < 300; i += 3) if (![30, 60, 90, 150].includes(i)) await refund(orders[i]!, 'sent');
    await refund(refusedOld!, 'refused');
    await refund(sent!, 'sent');
    await refund(settled!, 'settled');
    await refund(refusedNew!, 'refused');
    listed.refund_refused = [refusedNew!, refusedOld!];
    // A few disputes of a second payment refunded at once (decision 244), open and decided.
    const [disputedOld, disputedNew] = [40, 170].map((i) => orders[i]!);
    for (const [orderId, status] of [
      [disputedOld!, 'lost'],
      [disputedNew!, 'open'],
    ] as const)
      await handle.db
        .insertInto('refundedPaymentDisputes')
        .values({
          id: `dp_${newId()}`,
          orderId,
          paymentRef: `cs_second_${orderId}`,
          amountCents: 10_000,
          currency: 'USD',
          reason: 'duplicate',
          status,
          openedAt: arrange.clock.now(),
          closedAt: status === 'open' ? null : arrange.clock.now(),
          checkedAt: null,
          feeCents: 1_500,
          feeReturnedCents: 0,
          withdrawnCents: 10_000,
          reinstatedCents: 0,
        })
        .execute();
    listed.refunded_payment_dispute = [disputedNew!, disputedOld!];
    if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  });
  afterAll(() => handle.close());

  // As the admin list asks (adminOrderPage): disputes first, with what is left to recover.
  const filter = (status: Filter): OrderListFilter => ({
    status,
    disputesFirst: true,
    withToRecover: true,
    withRefusedRefunds: true,
    limit: 20,
  });

  const planOf = (f: OrderListFilter) => statementPlan(handle, f, { seqScans: false });

  // An order is reached by its key (SQLite: a search on its primary key; PostgreSQL: an index condition on its id),
  // never by a walk of every order, whatever the index.
  const byKey =
    /SEARCH o USING INDEX sqlite_autoindex_orders_1 \(id=\?\)|orders_pkey on orders o {2}\([^|]*\) \| +Index Cond: \(id = /;
  const walk = /SCAN o\b|Seq Scan on orders|Scan (Backward )?using \w+ on orders o {2}\([^)]*\)(?! \| +Index Cond)/;

  it('lists the lost chargebacks with money left from the partial index, each order by its key', async () => {
    const { plan, ids } = await planOf(filter('chargeback_to_recover'));
    expect(ids).toEqual(listed.chargeback_to_recover);
    expect(plan).toContain('chargebacks_to_recover_idx');
    expect(plan).toMatch(byKey);
    expect(plan).not.toMatch(walk);
  });

  it('lists the orders with a refund Stripe refused from its partial index, each order by its key', async () => {
    const { plan, ids } = await planOf(filter('refund_refused'));
    expect(ids).toEqual(listed.refund_refused);
    expect(plan).toContain('stripe_refunds_refused_idx');
    expect(plan).toMatch(byKey);
    expect(plan).not.toMatch(walk);
  });

  it('lists the orders with a dispute of a refunded payment from those disputes, each order by its key', async () => {
    const { plan, ids } = await planOf(filter('refunded_payment_dispute'));
    expect(ids).toEqual(listed.refunded_payment_dispute);
    if (handle.engine === 'sqlite') expect(plan).toContain('refunded_payment_disputes_order_idx');
    expect(plan).toMatch(byKey);
    expect(plan).not.toMatch(walk);
  });

  it('lists every order a chargeback touched from the chargebacks, each order by its key', async () => {
    const { plan, ids } = await planOf(filter('chargeback'));
    expect(ids).toEqual(listed.chargeback);
    // SQLite reads the order ids from the index of chargebacks by order; PostgreSQL may read the few rows themselves.
    if (handle.engine === 'sqlite') expect(plan).toContain('chargebacks_order_idx');
    expect(plan).toMatch(byKey);
    expect(plan).not.toMatch(walk);
  });
});

/**
 * The admin list ("all" and each state) and the members' lists read a page from an index in created order: open
 * disputes walk the status index, the rest the created-at index, and neither engine reads and sorts every order.
 */
describe('the plan of the orders lists, open disputes first', () => {
  let handle: DatabaseHandle;
  let buyerId = '';
  const disputed: string[] = [];
  const rest: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 5)) };
    const seller = await createUser(arrange, { role: 'seller' });
    const buyers = [await createUser(arrange), await createUser(arrange)];
    buyerId = buyers[0]!.id;
    const sold = await insertTestListing(arrange, seller.id, { status: 'sold' }, 0);
    // A live site, as PostgreSQL's statistics see it: thousands of finished orders, a few open, a handful disputed,
    // each open one holding a listing of its own.
    const rows: OrdersTable[] = [];
    for (let i = 0; i < 3000; i++) {
      arrange.clock.advance(60_000);
      const open = i % 500 === 7 ? 'disputed' : i % 500 === 9 ? 'paid' : null;
      const listingId = open ? (await insertTestListing(arrange, seller.id, { status: 'reserved' }, 0)).id : sold.id;
      const status = open ?? (['completed', 'canceled', 'refunded'] as const)[i % 3]!;
      const row = orderRowOf(arrange, { listingId, buyerId: buyers[i % 2]!.id, sellerId: seller.id, status });
      rows.push(row);
      (status === 'disputed' ? disputed : rest).unshift(row.id);
    }
    for (let i = 0; i < rows.length; i += 200)
      await handle.db
        .insertInto('orders')
        .values(rows.slice(i, i + 200))
        .execute();
    if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const admin = (status: OrderStatusFilter, after?: Keyset): OrderListFilter => ({
    status,
    disputesFirst: true,
    withToRecover: true,
    withRefusedRefunds: true,
    after,
    limit: 20,
  });
  /**
   * The page's plan, and whether it reads every order. SQLite plans by its rules, without statistics: a full scan of
   * orders, or a temporary b-tree sorting the loop over orders (a sort of the union's two sides, or of one order's
   * chargebacks, is none). PostgreSQL weighs its statistics, so what is pinned is what it does: the rows its plan read
   * from orders (run with EXPLAIN ANALYZE), at most a few pages' worth where there are thousands.
   */
  async function pagePlan(f: OrderListFilter) {
    const { plan, ids } = await statementPlan(handle, f, { seqScans: true });
    if (handle.engine === 'postgres') return { plan, ids, everyOrder: (await ordersRead(f)) > 4 * (f.limit + 1) };
    const query = orderRowsQuery(handle.db, f).compile();
    const nodes = handle.sqlite!.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as PlanNode[];
    const sortsOrders = nodes.some(
      (n) =>
        n.detail.startsWith('USE TEMP B-TREE') &&
        nodes.some((m) => m.parent === n.parent && /^(SCAN|SEARCH) o\b/.test(m.detail)),
    );
    return { plan, ids, everyOrder: sortsOrders || /SCAN o(?! USING)/.test(plan) };
  }
  type PlanNode = { id: number; parent: number; detail: string };

  /** PostgreSQL: the rows the page's plan read from orders, kept or filtered out. */
  async function ordersRead(f: OrderListFilter) {
    return rowsReadFrom(await pgAnalyzedPlan(handle.db, orderRowsQuery(handle.db, f)), 'orders');
  }

  it('"all" reads the open disputes and then the rest from the created-at index, newest first', async () => {
    const { plan, ids, everyOrder } = await pagePlan(admin('all'));
    // The page and one more, which says there is a next page.
    expect(ids).toEqual([...disputed, ...rest].slice(0, 21));
    expect(everyOrder).toBe(false);
    if (handle.engine === 'sqlite') expect(plan).toMatch(/SEARCH o USING INDEX orders_status_idx \(status=\?\)/);
    expect(plan).toMatch(
      handle.engine === 'sqlite'
        ? /SCAN o USING INDEX orders_created_idx/
        : /Index Scan Backward using orders_created_idx on orders o/,
    );
  });

  it('a page past the disputes reads only the rest, from the cursor on', async () => {
    const last = rest[29]!;
    const createdAt = Number(
      (await handle.db.selectFrom('orders').select('createdAt').where('id', '=', last).executeTakeFirstOrThrow())
        .createdAt,
    );
    const { plan, ids, everyOrder } = await pagePlan(admin('all', [createdAt, last]));
    expect(ids).toEqual(rest.slice(30, 51));
    expect(everyOrder).toBe(false);
    expect(plan).toMatch(
      handle.engine === 'sqlite'
        ? /SEARCH o USING INDEX orders_created_idx \(\(created_at,id\)<\(\?,\?\)\)/
        : /Index Scan Backward using orders_created_idx on orders o[^|]*\| +Index Cond: \(ROW\(created_at, id\) </,
    );
  });

  it.each(['disputed', 'paid', 'completed'] as const)(
    'the "%s" filter reads its orders newest first',
    async (status) => {
      const { plan, ids, everyOrder } = await pagePlan(admin(status));
      if (status === 'disputed') expect(ids).toEqual(disputed);
      else expect(ids.length).toBeGreaterThan(0);
      expect(everyOrder).toBe(false);
      if (handle.engine === 'sqlite') expect(plan).toMatch(/SEARCH o USING INDEX orders_status_idx \(status=\?\)/);
    },
  );

  it("a member's purchases read theirs newest first", async () => {
    const { plan, ids, everyOrder } = await pagePlan({ status: 'all', buyerId, limit: 20 });
    expect(ids).toHaveLength(21);
    expect(everyOrder).toBe(false);
    if (handle.engine === 'sqlite') expect(plan).toMatch(/SEARCH o USING INDEX orders_buyer_idx \(buyer_id=\?\)/);
  });
});
