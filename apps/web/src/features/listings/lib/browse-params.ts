import {
  BROWSE_FILTER_MAX,
  BROWSE_SORTS,
  browsePriceRangeError,
  type BrowseSort,
} from '@accountry/shared/listing-browse-rules';
import {
  attributeApplies,
  attributeLabel,
  formatPrice,
  groupThousands,
  type AttributeKey,
} from '@accountry/shared/listing-attributes';
import {
  LISTING_CATEGORIES,
  PLATFORMS,
  REGIONS,
  platformFitsCategory,
  type ListingCategory,
  type Platform,
} from '@accountry/shared/listings';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { isPriceParam, priceParamCents } from '@accountry/shared/browse-price-param';

/** Filter state as it lives in the URL, so a search can be shared and the back button works. Prices are dollars here. */
export interface BrowseParams {
  q: string;
  category: string;
  platform: string;
  region: string;
  min: string;
  max: string;
  minFollowers: string;
  minItems: string;
  minAge: string;
  verified: boolean;
  originalEmail: boolean;
  twoFactorRemovable: boolean;
  negotiable: boolean;
  sort: BrowseSort;
}

export const FLAGS = ['verified', 'originalEmail', 'twoFactorRemovable', 'negotiable'] as const;
export const TEXT = [
  'q',
  'category',
  'platform',
  'region',
  'min',
  'max',
  'minFollowers',
  'minItems',
  'minAge',
] as const;

/** The filters that stand for a listing attribute: a category without the attribute has no such field, nor filter. */
const ATTRIBUTE_OF = {
  minFollowers: 'followers',
  minItems: 'itemsCount',
  minAge: 'accountAgeMonths',
  verified: 'verified',
  originalEmail: 'originalEmail',
  twoFactorRemovable: 'twoFactorRemovable',
} as const satisfies Partial<Record<keyof BrowseParams, AttributeKey>>;

/** Whether a filter has a field under the chosen category (every one has without a category). */
export function filterApplies(category: string, key: keyof typeof ATTRIBUTE_OF | 'platform', platform = '') {
  if (!category) return true;
  const c = category as ListingCategory;
  if (key === 'platform') return !platform || platformFitsCategory(platform as Platform, c);
  return attributeApplies(c, ATTRIBUTE_OF[key]);
}

/** The name of the verified filter: what the chosen category calls the attribute ("Verified badge" for social). */
export const verifiedLabel = (category: string) =>
  category ? attributeLabel(category as ListingCategory, 'verified') : 'Verified';

const oneOf = (v: string, list: readonly string[]) => (list.includes(v) ? v : '');
const wholeNumber = (v: string) => (/^\d{1,10}$/.test(v) ? v : '');
const money = (v: string) => (isPriceParam(v) ? v : '');

/** The URL's state, each value checked, and without the filters the chosen category has no field for. */
export function readParams(sp: URLSearchParams): BrowseParams {
  const get = (k: string) => sp.get(k) ?? '';
  const sort = get('sort') as BrowseSort;
  const category = oneOf(get('category'), LISTING_CATEGORIES);
  const platform = oneOf(get('platform'), PLATFORMS);
  const fits = (k: keyof typeof ATTRIBUTE_OF) => filterApplies(category, k);
  return {
    q: get('q').slice(0, 100),
    category,
    platform: filterApplies(category, 'platform', platform) ? platform : '',
    region: oneOf(get('region'), REGIONS),
    min: money(get('min')),
    max: money(get('max')),
    minFollowers: fits('minFollowers') ? wholeNumber(get('minFollowers')) : '',
    minItems: fits('minItems') ? wholeNumber(get('minItems')) : '',
    minAge: fits('minAge') ? wholeNumber(get('minAge')) : '',
    verified: fits('verified') && get('verified') === 'true',
    originalEmail: fits('originalEmail') && get('originalEmail') === 'true',
    twoFactorRemovable: fits('twoFactorRemovable') && get('twoFactorRemovable') === 'true',
    negotiable: get('negotiable') === 'true',
    sort: BROWSE_SORTS.includes(sort) ? sort : 'newest',
  };
}

/** The URL of a state, as `readParams` reads it back. */
export function writeParams(p: BrowseParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of TEXT) if (p[k]) out.set(k, p[k]);
  for (const k of FLAGS) if (p[k]) out.set(k, 'true');
  if (p.sort !== 'newest') out.set('sort', p.sort);
  return out;
}

/** The API query for the URL state (prices in cents). */
export function apiQuery(p: BrowseParams): Record<string, string | number | boolean | undefined> {
  return {
    q: p.q || undefined,
    category: p.category || undefined,
    platform: p.platform || undefined,
    region: p.region || undefined,
    minPrice: p.min ? priceParamCents(p.min) : undefined,
    maxPrice: p.max ? priceParamCents(p.max) : undefined,
    minFollowers: p.minFollowers || undefined,
    minItems: p.minItems || undefined,
    minAgeMonths: p.minAge || undefined,
    verified: p.verified || undefined,
    originalEmail: p.originalEmail || undefined,
    twoFactorRemovable: p.twoFactorRemovable || undefined,
    negotiable: p.negotiable || undefined,
    sort: p.sort === 'newest' ? undefined : p.sort,
  };
}

export type NumberFilter = 'min' | 'max' | 'minFollowers' | 'minItems' | 'minAge';

/**
 * Why the number filters cannot be sent, by field: above the browse route's limit (`BROWSE_FILTER_MAX`, the schema's),
 * or a reversed price range (at the minimum). The page shows them at the fields and sends nothing while there are any.
 */
export function filterErrors(p: BrowseParams): Partial<Record<NumberFilter, string>> {
  const errors: Partial<Record<NumberFilter, string>> = {};
  const q = apiQuery(p);
  const range = browsePriceRangeError(q.minPrice as number | undefined, q.maxPrice as number | undefined);
  if (range) errors.min = range;
  for (const k of ['min', 'max'] as const)
    if (p[k] && priceParamCents(p[k]) > BROWSE_FILTER_MAX)
      errors[k] = `At most ${formatPrice(BROWSE_FILTER_MAX, 'USD')}`;
  for (const k of ['minFollowers', 'minItems', 'minAge'] as const)
    if (p[k] && Number(p[k]) > BROWSE_FILTER_MAX) errors[k] = `At most ${groupThousands(BROWSE_FILTER_MAX)}`;
  return errors;
}

const FILTER_LABELS: Record<NumberFilter, string> = {
  min: 'Min price',
  max: 'Max price',
  minFollowers: 'Min followers',
  minItems: 'Min items or skins',
  minAge: 'Min account age (months)',
};

/** What the results say instead while a field has an error: the reversed range, or the first limit passed. */
export function filtersAlert(errors: Partial<Record<NumberFilter, string>>) {
  const [key, message] = (Object.entries(errors) as Array<[NumberFilter, string]>)[0] ?? [];
  if (!key) return undefined;
  if (message === M.priceRange) return { title: 'Check the price range', text: message };
  return { title: 'Check the filters', text: `${FILTER_LABELS[key]}: ${message.toLowerCase()}.` };
}

/** The API query of the search and filters alone (the sort does not matter for new listings), as a saved search. */
export function savedSearchQuery(p: BrowseParams) {
  const { sort: _sort, ...filters } = apiQuery(p);
  return Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** How many filters (beyond search and sort) are set. */
export function activeFilterCount(p: BrowseParams) {
  return TEXT.filter((k) => k !== 'q' && p[k]).length + FLAGS.filter((k) => p[k]).length;
}

export const EMPTY: Omit<BrowseParams, 'sort'> = {
  q: '',
  category: '',
  platform: '',
  region: '',
  min: '',
  max: '',
  minFollowers: '',
  minItems: '',
  minAge: '',
  verified: false,
  originalEmail: false,
  twoFactorRemovable: false,
  negotiable: false,
};
