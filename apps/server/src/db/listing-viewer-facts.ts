import { sql } from 'kysely';
import { batchedOnPostgres } from '../lib/in-flight-batches';
import type { Database } from './database';
import { executeNamed } from './pg-statement-names';
import { rowsTable } from './rows-table';
import { preparedQuery } from './prepared-query';

/**
 * What one member has to do with one listing, for its page and for reviews: whether it is among their favorites, the
 * id of their review of it, and their latest order for it. One statement (on PostgreSQL one round trip) where the
 * listing page used to ask three; asked on every listing page a member opens, so compiled once.
 */
const viewerFacts = preparedQuery((db, a: { listingId: string; viewerId: string }) =>
  db
    .selectFrom('users as viewer')
    .leftJoin('orders as o', (join) =>
      join.on((eb) =>
        eb(
          'o.id',
          '=',
          eb
            .selectFrom('orders as latest')
            .select('latest.id')
            .where('latest.listingId', '=', a.listingId)
            .where('latest.buyerId', '=', a.viewerId)
            .orderBy('latest.createdAt', 'desc')
            .limit(1),
        ),
      ),
    )
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('favorites')
            .select('favorites.listingId')
            .where('favorites.userId', '=', a.viewerId)
            .where('favorites.listingId', '=', a.listingId),
        )
        .as('favorite'),
      eb
        .selectFrom('reviews')
        .select('reviews.id')
        .where('reviews.listingId', '=', a.listingId)
        .where('reviews.buyerId', '=', a.viewerId)
        .as('reviewId'),
      'o.id as orderId',
      'o.status as orderStatus',
      'o.refundedCents as orderRefundedCents',
      'o.completedAt as orderCompletedAt',
    ])
    .where('viewer.id', '=', a.viewerId),
);

export interface ListingViewerFacts {
  favorite: boolean;
  reviewId: string | null;
  latestOrder: { id: string; status: string; refundedCents: number; completedAt: number | null } | null;
}

interface FactsRow {
  favorite: unknown;
  reviewId: string | null;
  orderId: string | null;
  orderStatus: string | null;
  orderRefundedCents: number | string | null;
  orderCompletedAt: number | string | null;
}

const toFacts = (row: FactsRow | undefined): ListingViewerFacts => ({
  favorite: Boolean(row?.favorite),
  reviewId: row?.reviewId ?? null,
  latestOrder: row?.orderId
    ? {
        id: row.orderId,
        status: row.orderStatus!,
        refundedCents: Number(row.orderRefundedCents),
        completedAt: row.orderCompletedAt == null ? null : Number(row.orderCompletedAt),
      }
    : null,
});

/** The member's favorite, review and latest order for the listing (none of them for an unknown member). */
export async function listingViewerFacts(
  db: Database,
  listingId: string,
  viewerId: string,
): Promise<ListingViewerFacts> {
  return toFacts(await viewerFacts.takeFirst(db, { listingId, viewerId }));
}

type Pair = { listingId: string; viewerId: string };

/** The same facts for many (listing, member) pairs in one PostgreSQL statement, in the pairs' order. */
export async function listingViewerFactsOfPairs(db: Database, pairs: Pair[]): Promise<ListingViewerFacts[]> {
  const asked = pairs.map((p, i) => ({ i, listing_id: p.listingId, viewer_id: p.viewerId }));
  const { rows } = await executeNamed(
    db,
    sql<FactsRow & { i: number }>`
    select a.i,
      exists (select 1 from favorites f where f.user_id = a.viewer_id and f.listing_id = a.listing_id) as favorite,
      (select r.id from reviews r where r.listing_id = a.listing_id and r.buyer_id = a.viewer_id) as "reviewId",
      o.id as "orderId", o.status as "orderStatus", o.refunded_cents as "orderRefundedCents",
      o.completed_at as "orderCompletedAt"
    from ${rowsTable('postgres', 'a', { i: 'integer', listing_id: 'text', viewer_id: 'text' }, asked)}
    join users viewer on viewer.id = a.viewer_id
    left join lateral (select latest.id, latest.status, latest.refunded_cents, latest.completed_at from orders latest
      where latest.listing_id = a.listing_id and latest.buyer_id = a.viewer_id
      order by latest.created_at desc limit 1) o on true`,
  );
  const byPosition = new Map(rows.map((r) => [r.i, r]));
  return pairs.map((_, i) => toFacts(byPosition.get(i)));
}

/**
 * The facts as a listing page asks them, outside any transaction. On PostgreSQL the pages asked while a statement is
 * in flight share the next (decision 155).
 */
export const readViewerFacts = batchedOnPostgres(
  (db, p: Pair) => listingViewerFacts(db, p.listingId, p.viewerId),
  listingViewerFactsOfPairs,
);
