import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import { readViewerFacts, type ListingViewerFacts, type Pair } from '../../db/listing-viewer-facts';
import { versionedCachePerApp } from '../../lib/invalidate-on-writes';

/**
 * Whether a committed write can change what a member has to do with a listing: a favorite, a review, an order (or a
 * chargeback of its payment) or a block between them and its seller.
 */
export const changesViewerFacts = (writes: TableWrites) =>
  writes.has('favorites') ||
  writes.has('reviews') ||
  writes.has('orders') ||
  writes.has('chargebacks') ||
  writes.has('user_blocks');

/** Pairs kept: a few hundred bytes each. */
const MAX_PAIRS = 10_000;

const cacheFor = versionedCachePerApp<ListingViewerFacts>('listings.viewer-facts', changesViewerFacts, {
  maxEntries: MAX_PAIRS,
});

/**
 * A member's favorite, review, latest order and block for a listing page, kept until a committed write to favorites,
 * reviews, orders or blocks here or in another process (decision 156): a member comes back to the same listing (back
 * from browse, a reload, the page fetched again on focus), and the facts change far less often than pages are opened.
 */
export function cachedViewerFacts(
  deps: Pick<AppDeps, 'db' | 'bus' | 'onClose' | 'log'>,
  pair: Pair,
): Promise<ListingViewerFacts> {
  // Member ids are the server's own and hold no line break, so the key names one pair (a listing keeps its seller).
  return cacheFor(deps).get(`${pair.viewerId}\n${pair.listingId}`, () => readViewerFacts(deps.db, pair));
}
