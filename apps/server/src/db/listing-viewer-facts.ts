import type { Database } from './database';
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

/** The member's favorite, review and latest order for the listing (none of them for an unknown member). */
export async function listingViewerFacts(
  db: Database,
  listingId: string,
  viewerId: string,
): Promise<ListingViewerFacts> {
  const row = await viewerFacts.takeFirst(db, { listingId, viewerId });
  return {
    favorite: Boolean(row?.favorite),
    reviewId: row?.reviewId ?? null,
    latestOrder: row?.orderId
      ? {
          id: row.orderId,
          status: row.orderStatus!,
          refundedCents: row.orderRefundedCents!,
          completedAt: row.orderCompletedAt ?? null,
        }
      : null,
  };
}
