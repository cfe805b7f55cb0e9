import { HOME_SECTION_SIZE, SIMILAR_LISTINGS } from '@accountry/shared/listings';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { BrowseFilters, BrowseQuery, BrowseResponse, HomeListings } from '@accountry/shared/listing-browse';
import type { ListingCard } from '@accountry/shared/listing-schemas';
import {
  listingDetailPageSchema,
  type ListingDetailPage,
  type ListingDetailViewer,
  type ListingReport,
} from '@accountry/shared/listing-detail';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor, INT32_MAX } from '../../lib/keyset-cursor';
import { sellerSummary } from '../sellers/sellers.service';
import { reviewState } from '../sellers/reviews.service';
import { canViewListing } from './listing-permissions';
import {
  countListings,
  listingRowsByIds,
  matchSearch,
  searchListingRows,
  type ListingSearch,
  type SearchSort,
  type TextMatch,
} from './listing-search.repository';
import { findListing, listImages, listingFavoriteCount, type ListingRecord } from './listings.repository';
import { favoriteIdsAmongCached } from './member-favorites-cache';
import { catalogueCacheFor, type ListingDetailCore } from './catalogue-cache';
import { SharedJsonHead } from '../../lib/json-parts';
import { jsonPartSerializer } from '../../plugins/reply-serializer';
import { insertOpenReport } from '../../lib/reports';
import { toCard } from './listing-mappers';
import { viewCounterFor } from './listing-views';
import { cachedViewerFacts } from './viewer-facts-cache';

/** Sorts on 32-bit integer columns (price, views): their cursors are bounded to what the column holds. */
const INT32_SORTS = new Set<SearchSort>(['price_asc', 'price_desc', 'most_viewed']);

type Viewer = AuthUser | null;

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
 * The viewer's favorites among the cards: one statement over their ids (none for a visitor), on PostgreSQL shared
 * with the pages asked at the same time.
 */
async function favoritesAmong(deps: AppDeps, cards: Array<{ id: string }>, viewer: Viewer) {
  if (!viewer || !cards.length) return new Set<string>();
  return favoriteIdsAmongCached(deps, viewer.id, [...new Set(cards.map((c) => c.id))]);
}

const markedCard = <T extends { id: string }>(card: T, favorites: Set<string>) => ({
  ...card,
  isFavorite: favorites.has(card.id),
});
const marked = <T extends { id: string }>(cards: T[], favorites: Set<string>) =>
  cards.map((c) => markedCard(c, favorites));

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
 * The newest live listings matching the filters that a member may be told of (saved-search alerts, decision 167);
 * without a member, of every seller (whether anything at all is new).
 */
export async function newestMatching(
  deps: AppDeps,
  filters: BrowseFilters,
  limit: number,
  memberId?: string,
): Promise<ListingCard[]> {
  const search: ListingSearch = { scope: 'live', ...filters, ...(memberId ? { notSeenBy: memberId } : {}) };
  const page = await cardPage(deps, search, 'newest', undefined, limit);
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

/** The listing's page as everyone sees it, from the catalogue cache; undefined when there is no such listing. */
async function detailCore(deps: AppDeps, id: string): Promise<ListingDetailCore | undefined> {
  return catalogueCacheFor(deps).details.get(id, async () => {
    const listing = await findListing(deps.db.db, id);
    // Not stored when missing: made-up ids must not push real pages out of the cache.
    if (!listing) return undefined;
    const [[card], images] = await Promise.all([listingRowsByIds(deps.db, [id]), listImages(deps.db.db, id)]);
    if (!card) return undefined;
    const page: ListingDetailPage = {
      ...toCard(card),
      description: listing.description,
      deliveryMethod: listing.deliveryMethod as ListingDetailPage['deliveryMethod'],
      deliveryTime: listing.deliveryTime as ListingDetailPage['deliveryTime'],
      images,
      updatedAt: listing.updatedAt,
      soldAt: listing.soldAt,
    };
    return { listing, page: new SharedJsonHead(writeDetailPage(page, deps.config.checkReplies)) };
  });
}

const writeDetailPage = jsonPartSerializer(listingDetailPageSchema, { method: 'GET', url: '/api/listings/:id' });

/**
 * Everything the account detail page shows, as the page everyone sees (stored) and what this viewer sees; counts the
 * view unless the seller (or an admin) is looking.
 */
export async function listingDetail(
  deps: AppDeps,
  id: string,
  viewer: AuthUser,
): Promise<{ page: SharedJsonHead; viewer: ListingDetailViewer }> {
  const core = await detailCore(deps, id);
  if (!core || !canViewListing(viewer, core.listing)) throw notFound(M.notFound);
  const { listing } = core;
  const isOwner = listing.sellerId === viewer.id;
  const privileged = isOwner || viewer.role === 'admin';
  const views = viewCounterFor(deps);
  if (!privileged && listing.status !== 'draft') views.record(id, viewer.id);
  // Read with the view just counted, before any await: a flush meanwhile would move it out of the pending count.
  const viewCount = listing.viewCount + views.pendingFor(id);
  // The viewer's favorite, review, latest order and block (kept until one of them changes; else one statement, on
  // PostgreSQL shared with the pages asked at the same time), next to the (usually cached) seller summary.
  // Its seller and admins see the favorite count, read now: favorites do not clear the cached page (decision 145).
  const [facts, seller, favoriteCount] = await Promise.all([
    cachedViewerFacts(deps, { listingId: id, viewerId: viewer.id, sellerId: listing.sellerId }),
    sellerSummary(deps, listing.sellerId, { allowDeleted: true }),
    privileged ? listingFavoriteCount(deps.db.db, id) : null,
  ]);
  const review = await reviewState(deps, listing, viewer, facts);
  return {
    page: core.page,
    viewer: {
      isFavorite: facts.favorite,
      viewCount,
      isOwner,
      favoriteCount,
      hiddenReason: privileged ? listing.hiddenReason : null,
      seller,
      block: facts.block,
      review,
    },
  };
}

/** Live listings like this one, as everyone sees them (cached with the catalogue), marked with the viewer's favorites. */
export async function similarListings(deps: AppDeps, id: string, viewer: AuthUser): Promise<ListingCard[]> {
  const core = await detailCore(deps, id);
  if (!core || !canViewListing(viewer, core.listing)) throw notFound(M.notFound);
  const cards = await catalogueCacheFor(deps).similar.get(id, () => similarCards(deps, core.listing));
  return marked(cards, await favoritesAmong(deps, cards, viewer));
}

/** Same platform first, then the same category. */
async function similarCards(deps: AppDeps, listing: ListingRecord): Promise<ListingCard[]> {
  const base: ListingSearch = { scope: 'live', excludeId: listing.id, category: listing.category };
  const platform = listing.platform as ListingSearch['platform'];
  const same = await cardPage(deps, { ...base, platform }, 'newest', undefined, SIMILAR_LISTINGS);
  const cards = same.rows.map(toCard);
  if (cards.length < SIMILAR_LISTINGS) {
    const more = await cardPage(deps, base, 'newest', undefined, SIMILAR_LISTINGS * 2);
    for (const r of more.rows)
      if (cards.length < SIMILAR_LISTINGS && !cards.some((c) => c.id === r.id)) cards.push(toCard(r));
  }
  return cards;
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
