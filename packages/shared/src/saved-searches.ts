import { z } from 'zod';
import { browseQuerySchema, searchTerms, type BrowseFilters } from './listing-browse';
import { formatPrice } from './listing-attributes';
import { CATEGORY_LABELS, PLATFORM_LABELS, REGION_LABELS } from './listings';
import { priceParam } from './browse-price-param';

/** A member keeps at most this many searches (decision 167). */
export const MAX_SAVED_SEARCHES = 10;
/** New listings for a saved search are mailed at most this often. */
export const SAVED_SEARCH_ALERT_HOURS = 1;

/** POST /api/saved-searches: the search as GET /api/listings takes it (sort and paging are ignored). */
export const savedSearchInputSchema = z.strictObject({ query: z.string().max(1000) });

export const savedSearchSchema = z.object({
  id: z.string(),
  /** The canonical API query string (GET /api/listings): the filters only, in a fixed order. */
  query: z.string(),
  /** The /browse page showing the search (its own parameters: prices in whole dollars). */
  path: z.string(),
  label: z.string(),
  createdAt: z.number(),
  /** Whether new listings are mailed (decision 216). */
  alerts: z.boolean(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
/** PATCH /api/saved-searches/:id: turn a search's email alerts on or off (on again: new listings from then on). */
export const savedSearchAlertsSchema = z.strictObject({
  alerts: z.boolean({ error: 'Alerts must be on (true) or off (false)' }),
});

export const SAVED_SEARCH_MESSAGES = {
  nothingToSave: 'Search for something or choose a filter first: an alert for every new listing would be too many.',
  controlCharacters: 'Remove the control characters from the search.',
  tooMany: `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
  already: 'You already saved this search.',
  notFound: 'Saved search not found',
  saved: 'Search saved. We will email you when new listings match it.',
  deleted: 'Saved search deleted.',
  alertsOn: 'Email alerts are on for this search.',
  alertsOff: 'Email alerts are off for this search.',
} as const;

const FILTER_ORDER = [
  'q',
  'category',
  'platform',
  'region',
  'minPrice',
  'maxPrice',
  'minFollowers',
  'minItems',
  'minAgeMonths',
  'verified',
  'originalEmail',
  'twoFactorRemovable',
  'negotiable',
] as const;

// Line breaks, other control characters and bidirectional overrides would garble a label or a mail.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Whether a filter value narrows the search: no words to search for, a flag that is off or a minimum of 0 do not. */
function narrows(key: (typeof FILTER_ORDER)[number], value: unknown) {
  if (value === undefined || value === '' || value === false) return false;
  if (key === 'q') return searchTerms(String(value)).length > 0;
  if (key.startsWith('min')) return Number(value) > 0;
  return true;
}

/**
 * The filters of /browse query parameters, validated as /browse validates them, in canonical form: the same search
 * always gives the same query string, whatever the order of its parameters, and only what narrows it is kept (a
 * seller's own listings are not a browse search). An error message when they are invalid.
 */
export function canonicalSearch(
  raw: Record<string, string>,
): { filters: BrowseFilters; query: string } | { error: string } {
  if (Object.values(raw).some((v) => CONTROL.test(v))) return { error: SAVED_SEARCH_MESSAGES.controlCharacters };
  const parsed = browseQuerySchema.safeParse(raw);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid search' };
  const pairs: string[] = [];
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_ORDER) {
    const value = parsed.data[key];
    if (!narrows(key, value)) continue;
    filters[key] = value;
    pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return { filters: filters as BrowseFilters, query: pairs.join('&') };
}

/** A canonical query's parameters (`key=value` pairs, each value URI-encoded); null for one it did not write. */
function canonicalPairs(query: string): Record<string, string> | null {
  const pairs: Record<string, string> = {};
  for (const part of query.split('&')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    try {
      pairs[part.slice(0, at)] = decodeURIComponent(part.slice(at + 1));
    } catch {
      return null;
    }
  }
  return pairs;
}

/**
 * What a canonical query finds, whatever the spelling of its words: case, spacing, punctuation and the words every
 * search ignores do not change the listings found, so two queries with the same identity are the same search.
 */
export function searchIdentity(query: string): string {
  const pairs = canonicalPairs(query);
  const canonical = pairs ? canonicalSearch(pairs) : null;
  if (!canonical || 'error' in canonical) return query;
  const words = searchTerms(canonical.filters.q).join(' ');
  return canonical.query.replace(/^q=[^&]*/, `q=${encodeURIComponent(words)}`);
}

/** How a saved search reads in a list and a mail: the words, then each filter. */
export function savedSearchLabel(f: BrowseFilters): string {
  const yes = (on: boolean | undefined, text: string) => (on ? [text] : []);
  const parts = [
    ...(f.q ? [`"${f.q}"`] : []),
    ...(f.category ? [CATEGORY_LABELS[f.category]] : []),
    ...(f.platform ? [PLATFORM_LABELS[f.platform]] : []),
    ...(f.region ? [REGION_LABELS[f.region]] : []),
    ...(f.minPrice !== undefined ? [`from ${formatPrice(f.minPrice, 'USD')}`] : []),
    ...(f.maxPrice !== undefined ? [`up to ${formatPrice(f.maxPrice, 'USD')}`] : []),
    ...(f.minFollowers !== undefined ? [`${f.minFollowers.toLocaleString('en-US')}+ followers`] : []),
    ...(f.minItems !== undefined ? [`${f.minItems}+ items`] : []),
    ...(f.minAgeMonths !== undefined ? [`${f.minAgeMonths}+ months old`] : []),
    ...yes(f.verified, 'verified'),
    ...yes(f.originalEmail, 'original email'),
    ...yes(f.twoFactorRemovable, '2FA removable'),
    ...yes(f.negotiable, 'negotiable'),
  ];
  return parts.join(' · ');
}

/** The /browse page for the filters, in the page's own parameters (whole dollars, minAge, flags only when on). */
export function browsePagePath(f: BrowseFilters): string {
  const dollars = (cents: number | undefined) => (cents === undefined ? undefined : priceParam(cents));
  const params: Array<[string, string | number | undefined]> = [
    ['q', f.q],
    ['category', f.category],
    ['platform', f.platform],
    ['region', f.region],
    ['min', dollars(f.minPrice)],
    ['max', dollars(f.maxPrice)],
    ['minFollowers', f.minFollowers],
    ['minItems', f.minItems],
    ['minAge', f.minAgeMonths],
    ['verified', f.verified ? 'true' : undefined],
    ['originalEmail', f.originalEmail ? 'true' : undefined],
    ['twoFactorRemovable', f.twoFactorRemovable ? 'true' : undefined],
    ['negotiable', f.negotiable ? 'true' : undefined],
  ];
  const query = params
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return query ? `/browse?${query}` : '/browse';
}
