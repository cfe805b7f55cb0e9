import {
  CATEGORY_LABELS,
  PLATFORM_LABELS,
  REGION_LABELS,
  type ListingCategory,
  type Platform,
  type Region,
} from '@accountry/shared/listings';
import { formatAccountAge, formatCount } from '@accountry/shared/listing-attributes';
import type { ListingCard } from '@accountry/shared/listing-schemas';

export const platformLabel = (p: string) => PLATFORM_LABELS[p as Platform] ?? p;
export const categoryLabel = (c: string) => CATEGORY_LABELS[c as ListingCategory] ?? c;
export const regionLabel = (r: string) => REGION_LABELS[r as Region] ?? r;

/** The account detail page of a listing (the spec's /account/{userId}/{id}). */
export const listingPath = (l: Pick<ListingCard, 'id' | 'sellerId'>) => `/account/${l.sellerId}/${l.id}`;
export const sellerPath = (sellerId: string) => `/seller/${sellerId}`;

/** The two or three facts a card shows under the title. */
export function keyFacts(
  l: Pick<ListingCard, 'category' | 'level' | 'itemsCount' | 'followers' | 'engagementRate' | 'accountAgeMonths'>,
): string[] {
  const facts: string[] = [];
  if (l.followers !== null) facts.push(`${formatCount(l.followers)} followers`);
  if (l.engagementRate !== null) facts.push(`${l.engagementRate}% engagement`);
  if (l.level) facts.push(l.level);
  if (l.itemsCount !== null)
    facts.push(`${formatCount(l.itemsCount)} ${l.category === 'game' ? 'skins/items' : 'items'}`);
  if (facts.length < 3 && l.accountAgeMonths !== null) facts.push(formatAccountAge(l.accountAgeMonths));
  return facts.slice(0, 3);
}

// Built on first use: constructing it loads locale data (~14 ms on a desktop), which pages without dates never need.
let relativeTime: Intl.RelativeTimeFormat | null = null;
const relative = () => (relativeTime ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** "3 days ago", "just now". */
export function timeAgo(ms: number, now = Date.now()): string {
  const s = Math.round((ms - now) / 1000);
  const steps: Array<[number, Intl.RelativeTimeFormatUnit]> = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Infinity, 'year'],
  ];
  let v = s;
  for (const [size, unit] of steps) {
    if (Math.abs(v) < size) return unit === 'second' ? 'just now' : relative().format(v, unit);
    v = Math.round(v / size);
  }
  return '';
}
