import { LISTING_MESSAGES as M } from './listing-messages';

// Zod-free, so the browse page can use them without downloading the schemas; listing-browse.ts re-exports them.
export const BROWSE_SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  most_viewed: 'Most viewed',
};

/** The largest number a browse filter takes (prices in cents, counts as they are); the browse page checks it too. */
export const BROWSE_FILTER_MAX = 2_000_000_000;

/** A reversed price range (cents), as the browse route rejects it at minPrice; the browse page shows it at the fields. */
export function browsePriceRangeError(minPrice: number | undefined, maxPrice: number | undefined) {
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice ? M.priceRange : undefined;
}
