import { SIMILAR_LISTINGS } from '@accountry/shared/listings';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import type { ListingCard } from '@accountry/shared/listing-schemas';
import {
  listingDetailPageSchema,
  type ListingDetailPage,
  type ListingDetailViewer,
} from '@accountry/shared/listing-detail';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { notFound } from '../../lib/app-error';
import { SharedJsonHead } from '../../lib/json-parts';
import { jsonPartSerializer } from '../../plugins/reply-serializer';
import { sellerSummary } from '../sellers/sellers.service';
import { reviewState } from '../sellers/reviews.service';
import { canViewListing } from './listing-permissions';
import { listingRowsByIds, type ListingSearch } from './listing-search.repository';
import { findListing, listImages, listingFavoriteCount, type ListingRecord } from './listings.repository';
import { catalogueCacheFor, type ListingDetailCore } from './catalogue-cache';
import { toCard } from './listing-mappers';
import { viewCounterFor } from './listing-views';
import { cachedViewerFacts } from './viewer-facts-cache';
import { cardPage } from './listings.service';
import { favoritesAmong, marked } from './viewer-favorites';

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
  const cache = catalogueCacheFor(deps).similar;
  // Taken before the listing is read: cards built from a listing read before an edit are not kept (decision 145).
  const since = cache.version;
  const core = await detailCore(deps, id);
  if (!core || !canViewListing(viewer, core.listing)) throw notFound(M.notFound);
  const cards = await cache.get(id, () => similarCards(deps, core.listing), since);
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
