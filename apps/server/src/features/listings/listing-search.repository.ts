import { sql, type SqlBool } from 'kysely';
import { RESULT_COUNT_CAP } from '@accountry/shared/listings';
import type { BrowseFilters, BrowseSort } from '@accountry/shared/listing-browse';
import type { ListingStatus } from '@accountry/shared/listings';
import type { DatabaseHandle } from '../../db/database';
import { noBlockBetween } from '../../db/member-blocks';
import type { Keyset } from '../../lib/keyset-cursor';
import { INDEXED_MINIMUMS, type TextMatch } from './listing-match';

/** Where to look: live listings (browse, profiles, similar), or all of one seller's listings (management). */
export interface ListingSearch extends Partial<BrowseFilters> {
  scope: 'live' | 'own';
  sellerId?: string;
  status?: ListingStatus;
  excludeId?: string;
  /** Leave out this member's own listings and those of sellers in a block with them, either way (their alerts). */
  notSeenBy?: string;
}

export type SearchSort = BrowseSort | 'created';

/** Each sort is one indexed column, then id to break ties, so a cursor is (value, id) (decision 040). */
export const SORT_COLUMNS = {
  newest: ['publishedAt', 'desc'],
  price_asc: ['priceCents', 'asc'],
  price_desc: ['priceCents', 'desc'],
  most_viewed: ['viewCount', 'desc'],
  created: ['createdAt', 'desc'],
} as const satisfies Record<SearchSort, readonly [string, 'asc' | 'desc']>;

/** The listings matching the search, before any sort, paging or columns. */
export function filteredListings(handle: DatabaseHandle, s: ListingSearch, text: TextMatch | null) {
  let q = handle.db.selectFrom('listings').where('listings.deletedAt', 'is', null);
  // The status is written into the statement (db/status-literals.ts), so SQLite may use the partial "live" indexes;
  // with few matches "+status" keeps it off them, on the search key or the followers index instead.
  if (s.scope === 'live')
    q =
      text?.few && handle.engine === 'sqlite'
        ? q.where(sql<SqlBool>`+listings.status = 'active'`)
        : q.where('listings.status', '=', 'active');
  else if (s.status) q = q.where('listings.status', '=', s.status);
  if (s.sellerId) q = q.where('listings.sellerId', '=', s.sellerId);
  if (s.excludeId) q = q.where('listings.id', '!=', s.excludeId);
  if (s.notSeenBy) {
    const member = s.notSeenBy;
    q = q
      .where('listings.sellerId', '!=', member)
      .where((eb) => noBlockBetween(eb, member, eb.ref('listings.sellerId')));
  }
  if (s.category) q = q.where('listings.category', '=', s.category);
  if (s.platform) q = q.where('listings.platform', '=', s.platform);
  if (s.region) q = q.where('listings.region', '=', s.region);
  if (s.minPrice !== undefined) q = q.where('listings.priceCents', '>=', s.minPrice);
  if (s.maxPrice !== undefined) q = q.where('listings.priceCents', '<=', s.maxPrice);
  for (const [filter, column] of INDEXED_MINIMUMS) {
    const minimum = s[filter];
    if (minimum === undefined) continue;
    // SQLite, planning without statistics, ranges over only the minimum the probe chose ("+" keeps it off the others).
    const ref = sql.ref(`listings.${column}`);
    const side = handle.engine === 'sqlite' && text?.from !== filter ? sql`+${ref}` : ref;
    q = q.where(sql<SqlBool>`${side} >= ${minimum}`);
  }
  if (s.verified) q = q.where('listings.verified', '=', true);
  if (s.originalEmail) q = q.where('listings.originalEmail', '=', true);
  if (s.twoFactorRemovable) q = q.where('listings.twoFactorRemovable', '=', true);
  if (s.negotiable) q = q.where('listings.negotiable', '=', true);
  if (text?.where) q = q.where(text.where);
  return q;
}

/** Matches up to the cap (one more tells "more than"), so counting never scans everything. */
export async function countListings(handle: DatabaseHandle, s: ListingSearch, text: TextMatch | null) {
  const inner = (
    text?.commonWords && wordsAlone(s)
      ? walkingTheWords(handle, s, text.commonWords)
      : filteredListings(handle, s, text)
  )
    .select(sql<number>`1`.as('one'))
    .limit(RESULT_COUNT_CAP + 1)
    .as('matches');
  const count = (db: DatabaseHandle['db']) =>
    db
      .selectFrom(inner)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  const row =
    handle.engine === 'postgres'
      ? await handle.db.transaction().execute(async (trx) => {
          // The default cost of a random read (4, for spinning disks) makes PostgreSQL scan the whole table to count a few
          // hundred rows a partial browse index reaches in milliseconds; rate random reads as on SSD for this query only.
          await sql`set local random_page_cost = 1.1`.execute(trx);
          return count(trx);
        })
      : await count(handle.db);
  const n = Number(row.n);
  return { total: Math.min(n, RESULT_COUNT_CAP), capped: n > RESULT_COUNT_CAP };
}

/** A live search with words and no other condition. */
function wordsAlone({ scope, q, ...conditions }: ListingSearch) {
  return scope === 'live' && !!q && Object.values(conditions).every((c) => c === undefined || c === false);
}

/**
 * The search's listings found by walking the words' matches in the full-text index, each looked up by its key: a
 * count stops at its cap, where the set of a word most listings carry was built whole first (SQLite, decision 100).
 */
function walkingTheWords(handle: DatabaseHandle, s: ListingSearch, words: string) {
  // As few matches are: "+status" keeps SQLite off the live indexes, so the full-text index drives.
  return filteredListings(handle, s, { where: sql<SqlBool>`listings_fts match ${words}`, few: true }).innerJoin(
    sql<{ rowid: number }>`listings_fts`.as('f'),
    (join) => join.on(sql<SqlBool>`f.rowid = listings.search_key`),
  );
}

/** One page of listing rows with everything a card or the management table shows, in keyset order. */
export async function searchListingRows(
  handle: DatabaseHandle,
  s: ListingSearch,
  text: TextMatch | null,
  sort: SearchSort,
  keyset: Keyset | undefined,
  limit: number,
) {
  const [column, dir] = SORT_COLUMNS[sort];
  const col = `listings.${column}` as const;
  let q = filteredListings(handle, s, text);
  if (keyset)
    q = q.where((eb) =>
      eb(eb.refTuple(col, 'listings.id'), dir === 'desc' ? '<' : '>', eb.tuple(keyset[0], keyset[1])),
    );
  // With few matches PostgreSQL sorts them (an expression no index provides) instead of walking the sort index; so do
  // both engines with one seller's live listings, found on the seller's index (SQLite walked every live listing).
  const oneSeller = s.scope === 'live' && s.sellerId !== undefined && column !== 'publishedAt';
  const sorted = (text?.few && handle.engine === 'postgres') || oneSeller;
  const order = sorted ? sql`${sql.ref(col)} + 0` : sql.ref(col);
  // Matches looked up and sorted: the page is chosen first, so the card columns (the seller's name, the thumbnail and
  // image count subqueries) are read for its rows alone, not for every match before the sort.
  const pageFirst = text?.few || oneSeller;
  const source = pageFirst
    ? handle.db.selectFrom('listings').where(
        'listings.id',
        'in',
        q
          .select('listings.id')
          .orderBy(order, dir)
          .orderBy('listings.id', dir)
          .limit(limit + 1),
      )
    : q;
  const rows = await withCardColumns(source)
    .orderBy(pageFirst ? sql`${sql.ref(col)} + 0` : order, dir)
    .orderBy('listings.id', dir)
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit, sortColumn: column };
}

/** Listings by id with card columns (favorites, listing pages). */
export function listingRowsByIds(handle: DatabaseHandle, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return withCardColumns(handle.db.selectFrom('listings').where('listings.id', 'in', ids)).execute();
}

/** What a card shows but the viewer's favorites, which the service marks from the member's kept ids (decision 157). */
function withCardColumns(q: ReturnType<typeof filteredListings>) {
  return q
    .innerJoin('users', 'users.id', 'listings.sellerId')
    .select([
      'listings.id',
      'listings.sellerId',
      'listings.title',
      'listings.category',
      'listings.platform',
      'listings.region',
      'listings.priceCents',
      'listings.currency',
      'listings.negotiable',
      'listings.level',
      'listings.itemsCount',
      'listings.followers',
      'listings.engagementRate',
      'listings.accountAgeMonths',
      'listings.verified',
      'listings.originalEmail',
      'listings.twoFactorRemovable',
      'listings.status',
      'listings.viewCount',
      'listings.favoriteCount',
      'listings.hiddenReason',
      'listings.deliveryMethod',
      'listings.deliveryTime',
      'listings.protectionDays',
      'listings.createdAt',
      'listings.updatedAt',
      'listings.publishedAt',
      'listings.soldAt',
      'listings.deletedAt',
      'listings.contentVersion',
      'listings.reviewRequestedAt',
      'listings.reviewedVersion',
      'users.displayName as sellerName',
    ])
    .select((eb) => [
      eb
        .selectFrom('listingImages')
        .select('listingImages.thumbUrl')
        .whereRef('listingImages.listingId', '=', 'listings.id')
        .orderBy('listingImages.position')
        .limit(1)
        .as('thumbUrl'),
      eb
        .selectFrom('listingImages')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('listingImages.listingId', '=', 'listings.id')
        .as('imageCount'),
    ]);
}

export type ListingRow = Awaited<ReturnType<typeof listingRowsByIds>>[number];
