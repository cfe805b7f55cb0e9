import { OPEN_STATES, ORDER_TRANSITIONS } from '@accountry/shared/order-state';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { forUpdateOnPostgres } from '../../db/row-locks';
import type { OrdersTable } from '../../db/schema';

const AS_SELLER = ORDER_TRANSITIONS.seller_closed.from;
const AS_BUYER = ORDER_TRANSITIONS.buyer_closed.from;

/**
 * The orders closing the account cancels (decision 169), as the state machine says: the ones it sells that are unpaid
 * or paid, the ones it buys that are unpaid. PostgreSQL locks them, so a payment in flight finishes first or waits.
 */
export async function ordersClosedWith(db: Database, userId: string): Promise<OrdersTable[]> {
  const q = db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('sellerId', '=', userId), eb('status', 'in', AS_SELLER)]),
        eb.and([eb('buyerId', '=', userId), eb('status', 'in', AS_BUYER)]),
      ]),
    )
    // A chargeback holds its order for the bank (decision 183): the closing leaves it, and the sweep ends it after.
    .where('chargebackHoldSince', 'is', null)
    .orderBy('id');
  return forUpdateOnPostgres(db, q).execute();
}

/**
 * The user's open orders on one side, by state and whether a chargeback holds them (the closing leaves those), with
 * their total price (at most two rows per open state).
 */
export async function openOrderTotals(db: Database, userId: string, side: 'buyerId' | 'sellerId') {
  const held = sql<number>`case when chargeback_hold_since is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('orders')
    .select([
      'status',
      held.as('held'),
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('priceCents').as('cents'),
    ])
    .where(side, '=', userId)
    .where('status', 'in', OPEN_STATES)
    .groupBy(['status', held])
    .execute();
  return rows.map((r) => ({
    status: r.status,
    held: Number(r.held) === 1,
    count: Number(r.n),
    cents: Number(r.cents),
  }));
}
