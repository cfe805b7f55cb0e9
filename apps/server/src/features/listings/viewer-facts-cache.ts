import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import { readViewerFacts, type ListingViewerFacts, type Pair } from '../../db/listing-viewer-facts';
import type { WriteKeys } from '../../db/write-keys';
import { entryOfKey, keyedCachePerApp, type ClearedKeys } from '../../lib/invalidate-on-writes';
import { favoritesChangedFor } from './member-favorites-cache';

/**
 * Whose facts for a listing a committed write can change: the members a favorites write names (decision 157), and
 * everyone (null) for a review, an order (or a chargeback of its payment) or a block, whose statements mostly name a
 * row, not its member; nobody (undefined) for anything else.
 */
export function viewerFactsChangedFor(writes: TableWrites, keys: WriteKeys): ClearedKeys | undefined {
  if (writes.has('reviews') || writes.has('orders') || writes.has('chargebacks') || writes.has('user_blocks'))
    return null;
  return favoritesChangedFor(writes, keys);
}

/** Pairs kept: a few hundred bytes each. */
const MAX_PAIRS = 10_000;

/** Keyed by member, one entry per listing they opened, so a member's favorite clears only their own pairs. */
const cacheFor = keyedCachePerApp<ListingViewerFacts>('listings.viewer-facts', viewerFactsChangedFor, {
  maxEntries: MAX_PAIRS,
  entriesPerKey: 'many',
});

/**
 * A member's favorite, review, latest order and block for a listing page, kept until a committed write to their
 * favorites, or to reviews, orders or blocks, here or in another process (decisions 156, 157): a member comes back to
 * the same listing (back from browse, a reload, the page fetched again on focus), and the facts change far less often
 * than pages are opened.
 */
export function cachedViewerFacts(
  deps: Pick<AppDeps, 'db' | 'bus' | 'onClose' | 'log'>,
  pair: Pair,
): Promise<ListingViewerFacts> {
  // Member ids are the server's own and hold no line break, so the key names one pair (a listing keeps its seller).
  return cacheFor(deps).get(entryOfKey(pair.viewerId, pair.listingId), () => readViewerFacts(deps.db, pair));
}
