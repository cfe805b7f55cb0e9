import { sql } from 'kysely';
import type { Database } from './database';

/** Order facts other features read (seller profiles) without reaching into the orders feature. */

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
