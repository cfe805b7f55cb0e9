import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { WAITING_STATES } from '@accountry/shared/order-state';
import type { WaitingCounts } from '@accountry/shared/order-lists';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { sellerAnswered } from './dispute-answer-sql';

type OrderSide = keyof typeof WAITING_STATES;
type OfferSide = 'made' | 'received';

/** The offer states that wait for each side: a seller answers an offer; a buyer a counter-offer, or buys. */
const WAITING_OFFER_STATES = { received: ['pending'], made: ['countered', 'accepted'] } as const;

// Literals, not parameters: SQLite can then prove that the partial `*_waiting_idx` indexes apply.
const states = (list: readonly string[]) => sql.join(list.map((s) => sql.lit(s)));

/**
 * A condition on `orders as o`: the order waits for the member's move. On their side, in a state that asks for it, and
 * not past its deadline (the sweep moves those on its next round; they are no longer the member's to act on). The
 * states are matched first and whole, so that the partial indexes apply.
 */
export function waitingOrders(side: OrderSide, userId: string, now: number) {
  // An order a chargeback holds (decision 183) waits for the bank, not for its parties.
  const inTime = sql`(o.due_at is null or o.due_at > ${now}) and o.chargeback_hold_since is null`;
  if (side === 'purchases')
    return sql<boolean>`(o.buyer_id = ${userId} and o.status in (${states(WAITING_STATES.purchases)}) and ${inTime})`;
  // A dispute waits for its seller's answer until they post a statement or their time for it is up.
  return sql<boolean>`(o.seller_id = ${userId} and o.status in (${states(WAITING_STATES.sales)})
    and ((o.status = 'paid' and ${inTime}) or (o.status = 'disputed' and o.chargeback_hold_since is null
      and o.seller_answer_due_at > ${now}
      and not ${sellerAnswered(sql.ref('o.id'))})))`;
}

/** A condition on `offers as o`: the offer waits for the member's answer, or for them to buy it, in its time. */
export function waitingOffers(side: OfferSide, userId: string, now: number) {
  const party = sql.ref(side === 'made' ? 'o.buyer_id' : 'o.seller_id');
  return sql<boolean>`(${party} = ${userId} and o.status in (${states(WAITING_OFFER_STATES[side])})
    and o.expires_at > ${now})`;
}

// Either table as `o`, so that both conditions read the same alias.
const countOf = (eb: ExpressionBuilder<DB, never>, table: 'orders' | 'offers', waits: RawBuilder<boolean>) =>
  eb
    .selectFrom(sql<Record<string, unknown>>`${sql.table(table)}`.as('o'))
    .select(sql<number>`count(*)`.as('n'))
    .where(waits);

/** What waits for the member's move, counted in one statement (one round trip on PostgreSQL). */
export async function countWaiting(db: Database, userId: string, now: number): Promise<WaitingCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      countOf(eb, 'orders', waitingOrders('purchases', userId, now)).as('purchases'),
      countOf(eb, 'orders', waitingOrders('sales', userId, now)).as('sales'),
      countOf(eb, 'offers', waitingOffers('received', userId, now)).as('offersReceived'),
      countOf(eb, 'offers', waitingOffers('made', userId, now)).as('offersMade'),
    ])
    .executeTakeFirstOrThrow();
  return {
    purchases: Number(row.purchases),
    sales: Number(row.sales),
    offersReceived: Number(row.offersReceived),
    offersMade: Number(row.offersMade),
  };
}
