import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { BROWSE_SORTS, type BrowseSort } from '@accountry/shared/listing-browse-rules';
import {
  LISTING_CATEGORIES,
  PLATFORMS,
  REGIONS,
  platformFitsCategory,
  type ListingCategory,
  type Platform,
} from '@accountry/shared/listings';

/** Filter state as it lives in the URL, so a search can be shared and the back button works. Prices are whole dollars here. */
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

const FLAGS = ['verified', 'originalEmail', 'twoFactorRemovable', 'negotiable'] as const;
const TEXT = ['q', 'category', 'platform', 'region', 'min', 'max', 'minFollowers', 'minItems', 'minAge'] as const;
const oneOf = (v: string, list: readonly string[]) => (list.includes(v) ? v : '');
const wholeNumber = (v: string) => (/^\d{1,10}$/.test(v) ? v : '');

export function readParams(sp: URLSearchParams): BrowseParams {
  const get = (k: string) => sp.get(k) ?? '';
  const sort = get('sort') as BrowseSort;
  return {
    q: get('q').slice(0, 100),
    category: oneOf(get('category'), LISTING_CATEGORIES),
    platform: oneOf(get('platform'), PLATFORMS),
    region: oneOf(get('region'), REGIONS),
    min: wholeNumber(get('min')),
    max: wholeNumber(get('max')),
    minFollowers: wholeNumber(get('minFollowers')),
    minItems: wholeNumber(get('minItems')),
    minAge: wholeNumber(get('minAge')),
    verified: get('verified') === 'true',
    originalEmail: get('originalEmail') === 'true',
    twoFactorRemovable: get('twoFactorRemovable') === 'true',
    negotiable: get('negotiable') === 'true',
    sort: BROWSE_SORTS.includes(sort) ? sort : 'newest',
  };
}

/** The API query for the URL state (prices in cents). */
export function apiQuery(p: BrowseParams): Record<string, string | number | boolean | undefined> {
  return {
    q: p.q || undefined,
    category: p.category || undefined,
    platform: p.platform || undefined,
    region: p.region || undefined,
    minPrice: p.min ? Number(p.min) * 100 : undefined,
    maxPrice: p.max ? Number(p.max) * 100 : undefined,
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

const EMPTY: Omit<BrowseParams, 'sort'> = {
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

export function useBrowseParams() {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readParams(sp), [sp]);
  // Navigations render in a transition: a second change made before the URL catches up must build on the first.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [sp]);
  const update = useCallback(
    (patch: Partial<BrowseParams>) => {
      const next = { ...readParams(pending.current ?? sp), ...patch };
      // A platform that does not fit a newly chosen category would hide everything.
      if (
        next.category &&
        next.platform &&
        !platformFitsCategory(next.platform as Platform, next.category as ListingCategory)
      )
        next.platform = '';
      const out = new URLSearchParams();
      for (const k of TEXT) if (next[k]) out.set(k, next[k]);
      for (const k of FLAGS) if (next[k]) out.set(k, 'true');
      if (next.sort !== 'newest') out.set('sort', next.sort);
      pending.current = out;
      setSp(out);
    },
    [sp, setSp],
  );
  /** Drop the filters, keeping the search words and the sort. */
  const clear = useCallback(() => update({ ...EMPTY, q: params.q }), [update, params.q]);
  /** Drop the filters and the search words. */
  const reset = useCallback(() => update(EMPTY), [update]);
  return { params, update, clear, reset };
}
