import { z } from 'zod';
import {
  BROWSE_MAX_PAGE_SIZE,
  BROWSE_PAGE_SIZE,
  LISTING_CATEGORIES,
  PLATFORMS,
  REGIONS,
  SEARCH_MAX_LENGTH,
} from './listings';
import { listingCardSchema } from './listing-schemas';
import { LISTING_MESSAGES as M } from './listing-messages';
import { BROWSE_SORTS, browsePriceRangeError } from './listing-browse-rules';

export * from './listing-browse-rules';

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const minimum = z.coerce.number().int().min(0).max(2_000_000_000).optional();

/** GET /api/listings: search, filters, sort and a keyset cursor. Prices are in minor units. */
export const browseQuerySchema = z
  .object({
    q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
    category: z.enum(LISTING_CATEGORIES).optional(),
    platform: z.enum(PLATFORMS).optional(),
    region: z.enum(REGIONS).optional(),
    minPrice: minimum,
    maxPrice: minimum,
    minFollowers: minimum,
    minItems: minimum,
    minAgeMonths: minimum,
    verified: flag,
    originalEmail: flag,
    twoFactorRemovable: flag,
    negotiable: flag,
    /** One seller's live listings (their profile). */
    sellerId: z.string().max(64).optional(),
    sort: z.enum(BROWSE_SORTS).default('newest'),
    cursor: z.string().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(BROWSE_MAX_PAGE_SIZE).default(BROWSE_PAGE_SIZE),
  })
  .refine((v) => !browsePriceRangeError(v.minPrice, v.maxPrice), { path: ['minPrice'], message: M.priceRange });
export type BrowseQuery = z.infer<typeof browseQuerySchema>;
export type BrowseFilters = Omit<BrowseQuery, 'sort' | 'cursor' | 'limit'>;

export const browseResponseSchema = z.object({
  items: z.array(listingCardSchema),
  nextCursor: z.string().nullable(),
  /** Matches on the first page only (null on later pages), capped at RESULT_COUNT_CAP. */
  total: z.number().nullable(),
  totalCapped: z.boolean(),
});
export type BrowseResponse = z.infer<typeof browseResponseSchema>;

export const homeListingsSchema = z.object({ recent: z.array(listingCardSchema), popular: z.array(listingCardSchema) });
export type HomeListings = z.infer<typeof homeListingsSchema>;

// Common English words PostgreSQL's full-text search ignores; dropped on both engines so they answer alike.
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have i if in into is it its me my no not of on or our so than that the their them then there these they this to too was we were what when which who will with you your'.split(
    ' ',
  ),
);

/** Words of a search box, lower-cased, without stop words and limited, for both full-text engines. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w)).slice(0, 8);
}
