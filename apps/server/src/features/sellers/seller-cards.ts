import type { SellerSummary } from '@accountry/shared/sellers';
import type { TableWrites } from '../../db/change-tracking';
import { changesListings, changesUsers, versionedCachePerApp } from '../../lib/invalidate-on-writes';

/**
 * What the seller card on every listing page is computed from (a chargeback decided for the buyer takes its order out
 * of the completed sales, as the withdrawn review out of the rating; decision 183), but messages: a response time is a
 * median over the latest conversations, and rebuilding every card on each chat message would keep none. It ages out
 * with the card.
 */
export const changesSellerCards = (writes: TableWrites) =>
  writes.has('reviews') ||
  changesListings(writes) ||
  writes.has('orders') ||
  writes.has('chargebacks') ||
  changesUsers(writes);

/** How long a card may be served, at most: bounds how old its response time and last-active day can be. */
export const SELLER_CARD_MAX_AGE_MS = 60_000;

/** Seller cards by seller id, kept until a committed write changes what they show (decision 145). */
export const sellerCardsFor = versionedCachePerApp<SellerSummary>('sellers.cards', changesSellerCards, {
  maxEntries: 2_000,
  maxAgeMs: SELLER_CARD_MAX_AGE_MS,
});
