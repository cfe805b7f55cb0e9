import { sql } from 'kysely';
import type { Database } from './database';
import { preparedQuery } from './prepared-query';

/** Order facts other features read (reviews, seller profiles) without reaching into the orders feature. */

// Asked on every listing page a member opens: compiled once (prepared-query.ts).
const latestOrder = preparedQuery((db, a: { listingId: string; buyerId: string }) =>
  db
    .selectFrom('orders')
    .select(['id', 'status', 'refundedCents', 'completedAt'])
    .where('listingId', '=', a.listingId)
    .where('buyerId', '=', a.buyerId)
    .orderBy('createdAt', 'desc')
    .limit(1),
);

/** The buyer's latest order for a listing. */
export async function latestOrderFor(db: Database, listingId: string, buyerId: string) {
  return latestOrder.takeFirst(db, { listingId, buyerId });
}

/** Completed sales and the share of the seller's ended-after-payment orders that were disputed. */
export async function sellerOrderStats(db: Database, sellerId: string) {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number>`coalesce(sum(case when status = 'completed' then 1 else 0 end), 0)`.as('completed'),
      sql<number>`coalesce(sum(case when dispute_opened_at is not null then 1 else 0 end), 0)`.as('disputed'),
      sql<number>`coalesce(sum(case when paid_at is not null then 1 else 0 end), 0)`.as('paid'),
    ])
    .where('sellerId', '=', sellerId)
    .executeTakeFirstOrThrow();
  const paid = Number(row.paid);
  return {
    completedSales: Number(row.completed),
    disputeRate: paid === 0 ? null : Math.round((Number(row.disputed) / paid) * 1000) / 1000,
  };
}
