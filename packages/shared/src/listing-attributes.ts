import type { ListingCategory } from './listings';

/** Key attributes of a listing; which ones apply, and what they are called, depends on the category. */
export const ATTRIBUTE_KEYS = [
  'level',
  'itemsCount',
  'followers',
  'engagementRate',
  'accountAgeMonths',
  'verified',
  'originalEmail',
  'twoFactorRemovable',
] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];
export const NUMERIC_ATTRIBUTES = ['itemsCount', 'followers', 'engagementRate', 'accountAgeMonths'] as const;
export const FLAG_ATTRIBUTES = ['verified', 'originalEmail', 'twoFactorRemovable'] as const;

export interface AttributeRule {
  label: string;
  required?: boolean;
  hint?: string;
}

export const CATEGORY_ATTRIBUTES: Record<ListingCategory, Partial<Record<AttributeKey, AttributeRule>>> = {
  game: {
    level: { label: 'Level or rank', hint: 'e.g. Level 312, Immortal 2, Adventure Rank 58' },
    itemsCount: { label: 'Items or skins' },
    accountAgeMonths: { label: 'Account age (months)' },
    verified: { label: 'Phone or ID verified' },
    originalEmail: { label: 'Original email included' },
    twoFactorRemovable: { label: 'Two-factor can be removed' },
  },
  social: {
    followers: { label: 'Followers', required: true },
    engagementRate: { label: 'Engagement rate (%)', hint: 'Average interactions per post as a share of followers' },
    accountAgeMonths: { label: 'Account age (months)' },
    verified: { label: 'Verified badge' },
    originalEmail: { label: 'Original email included' },
    twoFactorRemovable: { label: 'Two-factor can be removed' },
  },
  streaming: {
    level: { label: 'Plan or tier', hint: 'e.g. Premium Family, 4K Ultra HD' },
    accountAgeMonths: { label: 'Account age (months)' },
    originalEmail: { label: 'Original email included' },
    twoFactorRemovable: { label: 'Two-factor can be removed' },
  },
  other: {
    level: { label: 'Level or tier' },
    itemsCount: { label: 'Items' },
    followers: { label: 'Followers' },
    accountAgeMonths: { label: 'Account age (months)' },
    verified: { label: 'Verified' },
    originalEmail: { label: 'Original email included' },
    twoFactorRemovable: { label: 'Two-factor can be removed' },
  },
};

export const attributeApplies = (category: ListingCategory, key: AttributeKey) => key in CATEGORY_ATTRIBUTES[category];

/** The label of an attribute in a category, or a general one for display when it does not apply. */
export function attributeLabel(category: ListingCategory, key: AttributeKey): string {
  return (
    CATEGORY_ATTRIBUTES[category][key]?.label ??
    CATEGORY_ATTRIBUTES.other[key]?.label ??
    CATEGORY_ATTRIBUTES.social[key]?.label ??
    key
  );
}

/** "Account age" in words: 26 → "2 years 2 months". */
export function formatAccountAge(months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  const parts = [y ? `${y} year${y === 1 ? '' : 's'}` : '', m || !y ? `${m} month${m === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** Compact counts for cards: 1234 → "1.2K", 2500000 → "2.5M". */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  const [div, suffix] = n >= 1_000_000_000 ? [1e9, 'B'] : n >= 1_000_000 ? [1e6, 'M'] : [1e3, 'K'];
  const v = n / div;
  return `${v >= 100 ? Math.round(v) : Number(v.toFixed(1))}${suffix}`;
}

/**
 * An integer with en-US thousands separators: 1234567 → "1,234,567", as `toLocaleString('en-US')` writes it. Without
 * Intl: a page's first Intl number format loads locale data (12-33 ms in Chromium here), on the browse page's path.
 */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Building an Intl formatter costs far more than formatting with one: a page of cards would build one per price.
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Price from minor units: 12999 → "$129.99"; dollars written by hand (`groupThousands`), other currencies by Intl. */
export function formatPrice(cents: number, currency: string): string {
  if (currency === 'USD' && Number.isSafeInteger(cents) && cents >= 0) {
    const rest = cents % 100;
    const dollars = groupThousands((cents - rest) / 100);
    return rest ? `$${dollars}.${String(rest).padStart(2, '0')}` : `$${dollars}`;
  }
  const digits = cents % 100 === 0 ? 0 : 2;
  const key = `${currency}|${digits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits });
    priceFormats.set(key, format);
  }
  return format.format(cents / 100);
}
