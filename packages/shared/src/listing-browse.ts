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
import { BROWSE_FILTER_MAX, BROWSE_SORTS, browsePriceRangeError } from './listing-browse-rules';

export * from './listing-browse-rules';

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const minimum = z.coerce.number().int().min(0).max(BROWSE_FILTER_MAX).optional();

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

// The words PostgreSQL's 'english' configuration ignores (its tsearch_data/english.stop, all 127 of them), dropped
// on both engines so they answer alike: a word dropped by one engine alone was neither found nor required there.
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her ' +
    'hers herself it its itself they them their theirs themselves what which who whom this that these ' +
    'those am is are was were be been being have has had having do does did doing a an the and but if or ' +
    'because as until while of at by for with about against between into through during before after ' +
    'above below to from up down in out on off over under again further then once here there when where ' +
    'why how all any both each few more most other some such no nor not only own same so than too very s ' +
    't can will just don should now'
  ).split(' '),
);

/** Words of a search box, lower-cased, without stop words and limited, for both full-text engines. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w)).slice(0, 8);
}
