import { sql, type SqlBool } from 'kysely';
import { afterCursor, type Keyset } from '../../lib/keyset-cursor';
import type { Database, Engine } from '../../db/database';
import type { ListingsTable } from '../../db/schema';
import { PLATFORMS } from '@accountry/shared/listings';
import { preparedQuery } from '../../db/prepared-query';
import { containsNeedle, containsText } from '../../db/contains-text';
import {
  asCte,
  CANDIDATE_LIMIT,
  candidatesPage,
  FEW_MATCHES,
  fewCandidates,
  filterColumn,
  keyIn,
  keyOrIdIn,
  keysUpTo,
  pageArgs,
  pageOfFew,
  pageLimit,
  type PageArgs,
  toPage,
  trigramKeys,
  trigramKeysUpTo,
  trigramLookup,
  trigramSearchable,
  type Key,
} from './sql-helpers';

export interface ListingFilter {
  q?: string;
  status?: ListingsTable['status'];
  category?: ListingsTable['category'];
  sellerId?: string;
  deleted?: 'yes' | 'no';
  /** requested: hidden listings whose seller asked for another look, of sellers who may still trade (decision 259). */
  review?: 'requested';
  cursor: Keyset | undefined;
  limit: number;
}

export function adminListingQuery(db: Database) {
  return db
    .selectFrom('listings')
    .innerJoin('users as seller', 'seller.id', 'listings.sellerId')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'listings.sellerId')
    .select((eb) => [
      'listings.id',
      'listings.title',
      'listings.category',
      'listings.platform',
      'listings.priceCents',
      'listings.currency',
      'listings.status',
      'listings.hiddenReason',
      'listings.statusBeforeHidden',
      'listings.reviewRequestedAt',
      'listings.reviewRequestNote',
      'listings.contentVersion',
      'listings.sellerId',
      'listings.createdAt',
      'listings.updatedAt',
      'listings.deletedAt',
      'seller.displayName as sellerName',
      'seller.email as sellerEmail',
      'seller.disabled as sellerDisabled',
      'seller.role as sellerRole',
      'deletedUsers.status as sellerDeletedStatus',
      eb
        .selectFrom('conversations')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('conversations.listingId', '=', 'listings.id')
        .as('conversationCount'),
      eb
        .selectFrom('reports')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('reports.targetType', '=', 'listing')
        .whereRef('reports.targetId', '=', 'listings.id')
        .where('reports.status', '!=', 'resolved')
        .as('openReportCount'),
    ]);
}

/** A search's lookups in the titles' and the users' trigram indexes (`trigramLookup`). */
type SearchLookups = Record<'titles' | 'sellers', Awaited<ReturnType<typeof trigramLookup>>>;

/** The listings of sellers found by their trigram keys, compiled once per engine and number of sellers. */
const sellersListings = preparedQuery(
  (_db, a: { engine: Engine; sellers: Key[]; limit: number }) =>
    sql<{ key: string }>`select id as key from listings
      where seller_id in (select id from users where ${keyIn(a.engine, 'users', a.sellers)}) limit ${a.limit}`,
  { literals: ['engine'] },
);

/**
 * Listings whose title or seller may match the search, or with the search as id, when they are few: few titles, few
 * sellers (counted first, so a common word stops early) and few of their listings. Null means many, found by walking
 * the created-at index instead. SQLite's; PostgreSQL looks them up within the page's statement (`listingSearchPage`).
 */
async function fewListingCandidates(db: Database, engine: Engine, s: string, lookups: SearchLookups) {
  const titles = await trigramKeysUpTo(db, engine, 'listings', lookups.titles.lookup, FEW_MATCHES);
  if (!titles) return null;
  const sellers = await trigramKeysUpTo(db, engine, 'users', lookups.sellers.lookup, FEW_MATCHES - titles.length);
  if (!sellers) return null;
  const theirs = sellers.length
    ? await keysUpTo(
        (limit) => sellersListings.execute(db, { engine, sellers, limit }),
        FEW_MATCHES - titles.length - sellers.length,
      )
    : [];
  if (!theirs) return null;
  return { titles, ids: [...theirs, s] };
}

type ListingPageArgs = PageArgs & {
  engine: Engine;
  /** Few candidates: listings by title key, and by id (the sellers' listings, and the search as an id). */
  titles: Key[] | null;
  ids: Key[] | null;
  /** The search, and it as a `containsNeedle`; null without one. */
  search: string | null;
  needle: string | null;
  status: ListingsTable['status'] | null;
  category: ListingsTable['category'] | null;
  sellerId: string | null;
  deleted: ListingFilter['deleted'] | null;
  review: ListingFilter['review'] | null;
};

/** One page of the listing list, filtered and ordered (the search, when there is one, checked row by row). */
function filteredListings(db: Database, a: ListingPageArgs) {
  let q = adminListingQuery(db);
  if (a.titles && a.ids) q = q.where(keyOrIdIn(a.engine, 'listings', a.titles, a.ids));
  const { search, needle, engine } = a;
  if (search !== null && needle !== null) {
    q = q.where((eb) =>
      eb.or([
        containsText(engine, 'listings.title', needle),
        containsText(engine, 'listings.platform', needle),
        containsText(engine, 'seller.email', needle),
        containsText(engine, 'seller.displayName', needle),
        eb('listings.id', '=', search),
      ]),
    );
  }
  // A search's candidates or the deleted listings are the few rows to start from; status and category only check them.
  const column = filterColumn(engine, a.titles !== null || a.deleted === 'yes');
  if (a.status !== null) q = q.where(column('listings.status'), '=', a.status);
  if (a.category !== null) q = q.where(column('listings.category'), '=', a.category);
  if (a.sellerId !== null) q = q.where('listings.sellerId', '=', a.sellerId);
  if (a.deleted) q = q.where('listings.deletedAt', a.deleted === 'yes' ? 'is not' : 'is', null);
  if (a.review === 'requested') q = q.where(reviewRequested(engine));
  if (a.cursorAt !== null && a.cursorId !== null)
    q = q.where(afterCursor('listings.createdAt', 'listings.id', [a.cursorAt, a.cursorId]));
  return q.orderBy('listings.createdAt', 'desc').orderBy('listings.id', 'desc').limit(pageLimit(a.limit));
}

/**
 * A listing's review request waits for a moderator's look (the filter `review=requested`, and the count of it in
 * admin-waiting.repository.ts), over `listings` joined with its seller as `seller` and their `deleted_users` row:
 * literals, so SQLite sees that the partial index of the few requests applies ("+" keeps it off the status and
 * disabled indexes). A closed seller's request waits until the account is back.
 */
export const reviewRequested = (engine: Engine) => {
  const plus = sql.raw(engine === 'sqlite' ? '+' : '');
  return sql<SqlBool>`listings.review_requested_at is not null and ${plus}listings.status = 'hidden'
    and listings.deleted_at is null and ${plus}seller.disabled = ${sql.lit(false)}
    and (deleted_users.status is null or deleted_users.status <> 'unresolved')`;
};

const LISTING_PAGE_LITERALS = ['engine', 'deleted', 'review', 'limit'] as const;

/** One page of the listing list, compiled once per shape of filter (db/prepared-query.ts). */
const listingPage = preparedQuery(filteredListings, { literals: [...LISTING_PAGE_LITERALS] });

/**
 * A PostgreSQL search in one statement (sql-helpers.ts, decision 152): listings by title, the sellers whose name or
 * email may match and their listings, then the page among those candidates (and the search as an id) when they are
 * few.
 */
const listingSearchPage = preparedQuery(
  (db, a: ListingPageArgs & { titleLookup: string[]; sellerLookup: string[] }) => {
    const candidates = sql<SqlBool>`listings.id = any(array(
      select key from titles union all select key from theirs union all select ${a.search}))`;
    const withCtes = db
      .with('titles', () => asCte(trigramKeys('postgres', 'listings', a.titleLookup, CANDIDATE_LIMIT)))
      .with('sellers', () => asCte(trigramKeys('postgres', 'users', a.sellerLookup, CANDIDATE_LIMIT)))
      .with(
        'theirs',
        () =>
          sql`(select id as key from listings where seller_id in (select key from sellers) limit ${CANDIDATE_LIMIT})`,
      )
      .with('few', () => fewCandidates('titles', 'sellers', 'theirs'));
    return candidatesPage(withCtes, filteredListings(db, a).where(candidates));
  },
  { literals: [...LISTING_PAGE_LITERALS] },
);

/** All listings, newest first, searched by title, platform or seller, filtered and keyset-paged. */
export async function listListings(db: Database, engine: Engine, f: ListingFilter) {
  const args: ListingPageArgs = {
    engine,
    titles: null,
    ids: null,
    search: f.q || null,
    needle: f.q ? containsNeedle(engine, f.q) : null,
    status: f.status ?? null,
    category: f.category ?? null,
    sellerId: f.sellerId ?? null,
    deleted: f.deleted ?? null,
    review: f.review ?? null,
    ...pageArgs(f.cursor, f.limit),
  };
  const q = f.q;
  // A platform named by the search holds many listings: found walking the created-at index.
  if (!q || !trigramSearchable(q) || PLATFORMS.some((p) => p.includes(q.toLowerCase())))
    return toPage(await listingPage.execute(db, args), f.limit);
  const [titles, sellers] = await Promise.all([
    trigramLookup(db, engine, 'listings', q),
    trigramLookup(db, engine, 'users', q),
  ]);
  if (engine === 'postgres' && !titles.common && !sellers.common) {
    const lookups = { titleLookup: titles.lookup as string[], sellerLookup: sellers.lookup as string[] };
    const page = pageOfFew(await listingSearchPage.execute(db, { ...args, ...lookups }));
    // Many candidates after all: the page walks the created-at index, checking the search row by row.
    return toPage(page ?? (await listingPage.execute(db, args)), f.limit);
  }
  const few = await fewListingCandidates(db, engine, q, { titles, sellers });
  return toPage(await listingPage.execute(db, few ? { ...args, ...few } : args), f.limit);
}
