import { sql, type Expression } from 'kysely';
import { OPEN_STATES } from '@accountry/shared/order-state';
import type { Database } from './database';
import { forUpdateOnPostgres } from './row-locks';

/** Order facts other features read (seller profiles, listing management) without reaching into the orders feature. */

/**
 * Whether a chargeback the bank decided for the buyer reversed the order's payment (decision 183): the deal counts as
 * refunded, so the order is neither reviewed nor counted among its seller's completed sales. On
 * `chargebacks_order_idx`: a few rows at most per order, none for almost every one.
 */
export const orderChargedBack = (orderId: Expression<string | null>) =>
  sql<boolean>`exists (select 1 from ${sql.table('chargebacks')} cb
    where cb.order_id = ${orderId} and cb.status = 'lost')`;

/**
 * Completed sales (less those charged back, as their reviews are) and the share of the seller's ended-after-payment
 * orders that were disputed.
 */
export async function sellerOrderStats(db: Database, sellerId: string) {
  const sold = sql<boolean>`status = 'completed' and not ${orderChargedBack(sql.ref('orders.id'))}`;
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number>`coalesce(sum(case when ${sold} then 1 else 0 end), 0)`.as('completed'),
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

/**
 * Which of these listings an order holds, and which order (an open order: a second one is refused, the seller may not
 * change the listing); at most one per listing, by `orders_listing_open_uq`.
 */
export async function listingsWithOrderInProgress(
  db: Database,
  listingIds: readonly string[],
): Promise<Map<string, string>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['listingId', 'id'])
    .where('listingId', 'in', listingIds)
    .where('status', 'in', OPEN_STATES)
    .execute();
  return new Map(rows.map((r) => [r.listingId, r.id]));
}

/** A write's condition on `listings`: no open order holds the row's listing. */
export const noOrderInProgress = sql<boolean>`not exists (select 1 from orders o where o.listing_id = listings.id
  and o.status in (${sql.join(OPEN_STATES)}))`;

/** Whether the user buys or sells in an order that has not ended (their account cannot close meanwhile). */
export async function hasOrderInProgress(db: Database, userId: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
    .where('status', 'in', OPEN_STATES)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * A chargeback with money still to recover (decision 183): lost, of an order settled before it (only those book a
 * withdrawal), and not given back or recovered in full. Unqualified, it reads the innermost `chargebacks`; written as
 * the condition of `chargebacks_to_recover_idx`, so both engines prove that index applies (the admin's count, decision
 * 186, and the admin's orders filter).
 */
export const CHARGEBACK_TO_RECOVER = sql<boolean>`status = 'lost'
  and withdrawn_cents > reinstated_cents + recovered_cents`;

/**
 * In a review's transaction: whether a chargeback the bank decided for the buyer reversed the order's payment
 * (decision 183), read in the statement that takes the order's row on PostgreSQL, as every chargeback report takes it
 * first, so a decision and a review never pass each other unseen; SQLite writes one transaction at a time.
 */
export async function lockOrderChargedBack(trx: Database, orderId: string) {
  const read = trx
    .selectFrom('orders')
    .select(orderChargedBack(sql.ref('orders.id')).as('lost'))
    .where('id', '=', orderId);
  const row = await forUpdateOnPostgres(trx, read).executeTakeFirst();
  return Boolean(row?.lost);
}

/**
 * Whether the member sold one of these listings in an order of any state: the seller's order page shows its listing's
 * picture whatever became of the listing (decision 218; its buyer is shown the one it kept, `buyersShownPicture`).
 * On `orders_listing_buyer_idx`, by listing.
 */
export async function soldInAnOrder(db: Database, listingIds: readonly string[], userId: string) {
  if (listingIds.length === 0) return false;
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('listingId', 'in', listingIds)
    .where('sellerId', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * The buyers of the orders that keep this file as their listing's picture (decision 218): each is shown it on their
 * order page whatever became of the listing's screenshots, so the file stays while one does. On
 * `orders_listing_thumb_idx`.
 */
export async function buyersShownPicture(db: Database, url: string) {
  const rows = await db.selectFrom('orders').select('buyerId').where('listingThumbUrl', '=', url).execute();
  return rows.map((r) => r.buyerId);
}
