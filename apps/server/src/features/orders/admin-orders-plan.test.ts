import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { ChargebacksTable } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { insertTestListing } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { createTestDatabase, createUser } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { orderRowsQuery, type OrderListFilter } from './order-rows.repository';

type Filter = 'chargeback' | 'chargeback_to_recover';

/**
 * The admin orders list's chargeback filters (decision 183) start from the chargebacks, on their indexes, and reach
 * each order by its key: the page never walks the history of orders to find the few a chargeback touched.
 */
describe('the plan of the admin orders chargeback filters', () => {
  let handle: DatabaseHandle;
  const listed: Record<Filter, string[]> = { chargeback: [], chargeback_to_recover: [] };

  beforeAll(async () => {
    handle = await createTestDatabase();
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 5)) };
    const seller = await createUser(arrange, { role: 'seller' });
    const buyer = await createUser(arrange, { role: 'buyer' });
    const listing = await insertTestListing(arrange, seller.id, { status: 'sold' }, 0);
    // Many orders, a few chargebacks, as on a live site: what PostgreSQL's statistics weigh.
    const orders: string[] = [];
    for (let i = 0; i < 300; i++) {
      arrange.clock.advance(60_000);
      const order = await insertOrderRow(arrange, { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id });
      orders.push(order.id);
    }
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
    if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  });
  afterAll(() => handle.close());

  // As the admin list asks (adminOrderPage): disputes first, with what is left to recover.
  const filter = (status: Filter): OrderListFilter => ({ status, disputesFirst: true, withToRecover: true, limit: 20 });

  /** The plan of the page's statement, and its order ids. */
  async function planOf(f: OrderListFilter) {
    if (handle.engine === 'sqlite') {
      const { plan, result } = await sqlitePlanOf(handle.url, /from "orders" as "o"/, (db) =>
        orderRowsQuery(db, f).execute(),
      );
      return { plan, ids: result.map((r) => r.id) };
    }
    const query = orderRowsQuery(handle.db, f).compile();
    const rows = await handle.db.transaction().execute(async (trx) => {
      // As for the admin's counts: the few chargebacks would be read whole otherwise, which is as good on so few.
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows;
    });
    const ids = (await orderRowsQuery(handle.db, f).execute()).map((r) => r.id);
    return { plan: rows.map((r) => r['QUERY PLAN']).join(' | '), ids };
  }

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

  it('lists every order a chargeback touched from the chargebacks, each order by its key', async () => {
    const { plan, ids } = await planOf(filter('chargeback'));
    expect(ids).toEqual(listed.chargeback);
    // SQLite reads the order ids from the index of chargebacks by order; PostgreSQL may read the few rows themselves.
    if (handle.engine === 'sqlite') expect(plan).toContain('chargebacks_order_idx');
    expect(plan).toMatch(byKey);
    expect(plan).not.toMatch(walk);
  });
});
