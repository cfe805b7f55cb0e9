import { sql, type AliasedRawBuilder, type SqlBool } from 'kysely';
import { batchedOnPostgres } from '../lib/in-flight-batches';
import type { Database } from './database';
import { executeNamed } from './pg-statement-names';
import { rowsTable } from './rows-table';
import { preparedQuery } from './prepared-query';
import { orderChargedBack } from './order-facts';

type AskedRow = { i: number; listingId: string; viewerId: string; sellerId: string };
/**
 * The (listing, member) pairs a statement answers, with the listing's seller, as a derived table `a`; `i` is each
 * pair's position.
 */
type AskedPairs = AliasedRawBuilder<AskedRow, 'a'>;

/**
 * What each member of `a` has to do with the listing beside them, written once for one pair and for a batch: whether
 * it is among their favorites, the id of their review of it, their latest order for it (and whether a chargeback the
 * bank decided for the buyer reversed its payment), and a block either way between them and its seller. A member who
 * does not exist gets no row.
 */
const factsOf = (db: Database, asked: AskedPairs) =>
  db
    .selectFrom(asked)
    .innerJoin('users as viewer', 'viewer.id', 'a.viewerId')
    // Their latest order: one with no later one (created, then id) for the same listing and buyer. A join, not a
    // subquery for its id, so PostgreSQL seeks the index for each pair rather than hashing every order.
    .leftJoin('orders as o', (join) =>
      join
        .onRef('o.listingId', '=', 'a.listingId')
        .onRef('o.buyerId', '=', 'a.viewerId')
        .on((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('orders as later')
                .select('later.id')
                .whereRef('later.listingId', '=', 'o.listingId')
                .whereRef('later.buyerId', '=', 'o.buyerId')
                .where(
                  sql<SqlBool>`(${sql.ref('later.createdAt')}, ${sql.ref('later.id')}) > (${sql.ref('o.createdAt')}, ${sql.ref('o.id')})`,
                ),
            ),
          ),
        ),
    )
    .select((eb) => [
      'a.i',
      eb
        .exists(
          eb
            .selectFrom('favorites')
            .select('favorites.listingId')
            .whereRef('favorites.userId', '=', 'a.viewerId')
            .whereRef('favorites.listingId', '=', 'a.listingId'),
        )
        .as('favorite'),
      eb
        .selectFrom('reviews')
        .select('reviews.id')
        .whereRef('reviews.listingId', '=', 'a.listingId')
        .whereRef('reviews.buyerId', '=', 'a.viewerId')
        .as('reviewId'),
      // Blocks are read here, not by the chat, so the page learns of one in the statement it runs anyway.
      eb
        .exists(
          eb
            .selectFrom('userBlocks as mine')
            .select('mine.blockerId')
            .whereRef('mine.blockerId', '=', 'a.viewerId')
            .whereRef('mine.blockedId', '=', 'a.sellerId'),
        )
        .as('blockedSeller'),
      eb
        .exists(
          eb
            .selectFrom('userBlocks as theirs')
            .select('theirs.blockerId')
            .whereRef('theirs.blockerId', '=', 'a.sellerId')
            .whereRef('theirs.blockedId', '=', 'a.viewerId'),
        )
        .as('blockedBySeller'),
      orderChargedBack(eb.ref('o.id')).as('orderChargedBack'),
      'o.id as orderId',
      'o.status as orderStatus',
      'o.refundedCents as orderRefundedCents',
      'o.completedAt as orderCompletedAt',
    ]);

/**
 * The facts of one pair, one statement (on PostgreSQL one round trip) where the listing page used to ask three; asked
 * on every listing page a member opens, so compiled once.
 */
const viewerFacts = preparedQuery((db, a: Pair) => {
  const asked = sql<AskedRow>`(select 0 as i, ${a.listingId} as listing_id, ${a.viewerId} as viewer_id,
    ${a.sellerId} as seller_id)`;
  return factsOf(db, asked.as('a'));
});

export interface ListingViewerFacts {
  favorite: boolean;
  reviewId: string | null;
  /** Who blocked whom between the member and the seller: the member's own block first, as they can lift it. */
  block: 'viewer' | 'seller' | null;
  latestOrder: {
    id: string;
    status: string;
    refundedCents: number;
    completedAt: number | null;
    chargedBack: boolean;
  } | null;
}

interface FactsRow {
  favorite: unknown;
  reviewId: string | null;
  blockedSeller: unknown;
  blockedBySeller: unknown;
  orderId: string | null;
  orderStatus: string | null;
  orderRefundedCents: number | string | null;
  orderCompletedAt: number | string | null;
  orderChargedBack: unknown;
}

const toFacts = (row: FactsRow | undefined): ListingViewerFacts => ({
  favorite: Boolean(row?.favorite),
  reviewId: row?.reviewId ?? null,
  block: row?.blockedSeller ? 'viewer' : row?.blockedBySeller ? 'seller' : null,
  latestOrder: row?.orderId
    ? {
        id: row.orderId,
        status: row.orderStatus!,
        refundedCents: Number(row.orderRefundedCents),
        completedAt: row.orderCompletedAt == null ? null : Number(row.orderCompletedAt),
        chargedBack: Boolean(row.orderChargedBack),
      }
    : null,
});

/** A listing, the member looking at it, and its seller. */
export type Pair = { listingId: string; viewerId: string; sellerId: string };

/**
 * The member's favorite, review, latest order and block for the listing (none of them for an unknown member).
 */
export async function listingViewerFacts(db: Database, pair: Pair): Promise<ListingViewerFacts> {
  return toFacts(await viewerFacts.takeFirst(db, pair));
}

/** The same facts for many (listing, member) pairs in one PostgreSQL statement, in the pairs' order. */
export async function listingViewerFactsOfPairs(db: Database, pairs: Pair[]): Promise<ListingViewerFacts[]> {
  const rows = pairs.map((p, i) => ({ i, listing_id: p.listingId, viewer_id: p.viewerId, seller_id: p.sellerId }));
  const columns = { i: 'integer', listing_id: 'text', viewer_id: 'text', seller_id: 'text' } as const;
  const table = rowsTable('postgres', 'asked', columns, rows);
  const { rows: found } = await executeNamed(db, factsOf(db, sql<AskedRow>`(select * from ${table})`.as('a')));
  const byPosition = new Map(found.map((r) => [r.i, r]));
  return pairs.map((_, i) => toFacts(byPosition.get(i)));
}

/**
 * The facts as a listing page asks them, outside any transaction. On PostgreSQL the pages asked while a statement is
 * in flight share the next (decision 155).
 */
export const readViewerFacts = batchedOnPostgres((db, p: Pair) => listingViewerFacts(db, p), listingViewerFactsOfPairs);
