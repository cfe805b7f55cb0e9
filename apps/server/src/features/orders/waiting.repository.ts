import { sql, type ExpressionBuilder } from 'kysely';
import { WAITING_STATES } from '@accountry/shared/order-state';
import type { WaitingCounts } from '@accountry/shared/orders';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

type Side = keyof typeof WAITING_STATES;

/**
 * A condition on `orders as o`: the order waits for the member's move. On their side, in a state that asks for it, and
 * not past its deadline (the sweep moves those on its next round; they are no longer the member's to act on).
 */
export const waitingOrders = (side: Side, userId: string, now: number) =>
  sql<boolean>`(${sql.ref(side === 'purchases' ? 'o.buyer_id' : 'o.seller_id')} = ${userId}
    and o.status in (${sql.join(WAITING_STATES[side].map((s) => sql.lit(s)))}) and (o.due_at is null or o.due_at > ${now}))`;

const countOrders = (eb: ExpressionBuilder<DB, never>, side: Side, userId: string, now: number) =>
  eb
    .selectFrom('orders as o')
    .select((c) => c.fn.countAll<number>().as('n'))
    .where(waitingOrders(side, userId, now));

/**
 * What waits for the member's move, counted in one statement (one round trip on PostgreSQL). The states are literals,
 * not parameters, so that SQLite can prove the partial `*_waiting_idx` indexes apply.
 */
export async function countWaiting(db: Database, userId: string, now: number): Promise<WaitingCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      countOrders(eb, 'purchases', userId, now).as('purchases'),
      countOrders(eb, 'sales', userId, now).as('sales'),
      eb
        .selectFrom('offers')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('sellerId', '=', userId)
        .where('status', '=', sql.lit('pending'))
        .where('expiresAt', '>', now)
        .as('offersReceived'),
      eb
        .selectFrom('offers')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('buyerId', '=', userId)
        .where('status', 'in', [sql.lit('countered' as const), sql.lit('accepted' as const)])
        .where('expiresAt', '>', now)
        .as('offersMade'),
    ])
    .executeTakeFirstOrThrow();
  return {
    purchases: Number(row.purchases),
    sales: Number(row.sales),
    offersReceived: Number(row.offersReceived),
    offersMade: Number(row.offersMade),
  };
}
