import { HOME_SECTION_SIZE } from '@accountry/shared/listings';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { BrowseFilters, BrowseQuery, BrowseResponse, HomeListings } from '@accountry/shared/listing-browse';
import type { ListingCard } from '@accountry/shared/listing-schemas';
import type { ListingReport } from '@accountry/shared/listing-detail';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor, INT32_MAX } from '../../lib/keyset-cursor';
import { canViewListing } from './listing-permissions';
import {
  countListings,
  listingRowsByIds,
  searchListingRows,
  type ListingSearch,
  type SearchSort,
} from './listing-search.repository';
import { matchSearch, type TextMatch } from './listing-match';
import { findListing } from './listings.repository';
import { catalogueCacheFor } from './catalogue-cache';
import { insertOpenReport } from '../../lib/reports';
import { toCard } from './listing-mappers';
import { favoritesAmong, marked, markedCard, type Viewer } from './viewer-favorites';

/** Sorts on 32-bit integer columns (price, views): their cursors are bounded to what the column holds. */
const INT32_SORTS = new Set<SearchSort>(['price_asc', 'price_desc', 'most_viewed']);

/** A page of cards in keyset order, with the cursor for the next page. */
export async function cardPage(
  deps: AppDeps,
  search: ListingSearch,
  sort: SearchSort,
  cursor: string | undefined,
  limit: number,
  text?: TextMatch | null,
) {
  const keyset = decodeCursor(cursor, INT32_SORTS.has(sort) ? INT32_MAX : undefined);
  const match = text === undefined ? await matchSearch(deps.db, search) : text;
  const { rows, more, sortColumn } = await searchListingRows(deps.db, search, match, sort, keyset, limit);
  const last = rows[rows.length - 1];
  const nextCursor = more && last ? encodeCursor(Number(last[sortColumn]), last.id) : null;
  return { rows, nextCursor };
}

/** Browse: live listings matching the search and filters; counts on the first page only. */
async function browsePage(deps: AppDeps, query: BrowseQuery): Promise<BrowseResponse> {
  const { sort, cursor, limit, ...filters } = query;
  const search: ListingSearch = { scope: 'live', ...filters };
  const text = await matchSearch(deps.db, search);
  // PostgreSQL runs the page and the count side by side on two pool connections.
  const [page, count] = await Promise.all([
    cardPage(deps, search, sort, cursor, limit, text),
    cursor ? null : countListings(deps.db, search, text),
  ]);
  return {
    items: page.rows.map(toCard),
    nextCursor: page.nextCursor,
    total: count?.total ?? null,
    totalCapped: count?.capped ?? false,
  };
}

/**
 * A catalogue reply as one viewer sees it: the key of its bytes (the cached page plus the viewer's favorites on it, so
 * a member with none shares a visitor's stored reply) and how to build it (decision 145).
 */
export interface ViewerReply<T> {
  key: string;
  build: () => Promise<T>;
  /** The reply cache's version before the page was read: a reply built from an outdated page is not stored. */
  since: number;
}

const replyKey = (pageKey: string, favorites: Set<string>) => `${pageKey} favorites:${[...favorites].sort().join()}`;

/** Browse pages come from the catalogue cache (decision 145); only the viewer's favorites are looked up each time. */
export async function browseListings(
  deps: AppDeps,
  query: BrowseQuery,
  viewer: Viewer,
): Promise<ViewerReply<BrowseResponse>> {
  const pageKey = `browse ${JSON.stringify(query)}`;
  const cache = catalogueCacheFor(deps);
  const since = cache.replies.version;
  const page = await cache.pages.get(pageKey, () => browsePage(deps, query));
  const favorites = await favoritesAmong(deps, page.items, viewer);
  const build = async () => ({ ...page, items: marked(page.items, favorites) });
  return { key: replyKey(pageKey, favorites), build, since };
}

/**
 * The newest live listings matching the filters published by `publishedBy` that a member may be told of (saved-search
 * alerts, decision 167); without a member, of every seller (whether anything at all is new).
 */
export async function newestMatching(
  deps: AppDeps,
  filters: BrowseFilters,
  { limit, publishedBy, memberId }: { limit: number; publishedBy: number; memberId?: string },
): Promise<ListingCard[]> {
  const search: ListingSearch = { scope: 'live', ...filters, ...(memberId ? { notSeenBy: memberId } : {}) };
  // Newest first from just past `publishedBy`: (publishedAt, id) < (publishedBy + 1, '') is publishedAt <= publishedBy.
  const page = await cardPage(deps, search, 'newest', encodeCursor(publishedBy + 1, ''), limit);
  return page.rows.map(toCard);
}

/** The home page's sections: the newest and the most viewed live listings. */
export async function homeListings(deps: AppDeps, viewer: Viewer): Promise<ViewerReply<HomeListings>> {
  const cache = catalogueCacheFor(deps);
  const since = cache.replies.version;
  const home = await cache.home.get('home', async () => {
    const [recent, popular] = await Promise.all([
      cardPage(deps, { scope: 'live' }, 'newest', undefined, HOME_SECTION_SIZE),
      cardPage(deps, { scope: 'live' }, 'most_viewed', undefined, HOME_SECTION_SIZE),
    ]);
    return { recent: recent.rows.map(toCard), popular: popular.rows.map(toCard) };
  });
  const favorites = await favoritesAmong(deps, [...home.recent, ...home.popular], viewer);
  return {
    key: replyKey('home', favorites),
    build: async () => ({ recent: marked(home.recent, favorites), popular: marked(home.popular, favorites) }),
    since,
  };
}

/** The listing, or 404 when it does not exist or the viewer may not see it (hidden, draft, deleted). */
export async function visibleListing(deps: AppDeps, id: string, viewer: Viewer) {
  const listing = await findListing(deps.db.db, id);
  if (!listing || !canViewListing(viewer, listing)) throw notFound(M.notFound);
  return listing;
}

/** A member reports a listing to the moderators; one open report per member and listing. */
export async function reportListing(deps: AppDeps, id: string, reporter: AuthUser, input: ListingReport) {
  const listing = await visibleListing(deps, id, reporter);
  if (listing.sellerId === reporter.id) throw badRequest(M.reportOwn);
  const { reason, message } = input;
  const report = { targetType: 'listing' as const, targetId: id, reporterId: reporter.id, reason, message };
  return { id: await insertOpenReport(deps.db.db, report, deps.clock.now(), M.reportDuplicate) };
}

/** Cards by id, marked with the viewer's favorites, with the facts other features need to decide what to show. */
export async function cardsByIds(deps: AppDeps, ids: string[], viewer: Viewer) {
  const rows = await listingRowsByIds(deps.db, ids);
  const favorites = await favoritesAmong(deps, rows, viewer);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        card: markedCard(toCard(r), favorites),
        status: r.status,
        deletedAt: r.deletedAt,
        sellerId: r.sellerId,
      },
    ]),
  );
}
