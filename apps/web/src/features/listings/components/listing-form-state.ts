import { ATTRIBUTE_KEYS, FLAG_ATTRIBUTES, attributeApplies } from '@accountry/shared/listing-attributes';
import type { ListingCategory } from '@accountry/shared/listings';
import type { ListingFormValues, OwnListing } from '@accountry/shared/listing-schemas';

type Num = number | string;

/** The form as the inputs hold it: numbers may be '' while empty, the price in dollars. */
export interface ListingFormState {
  title: string;
  category: ListingCategory | '';
  platform: string;
  region: string;
  description: string;
  price: Num;
  negotiable: boolean;
  level: string;
  itemsCount: Num;
  followers: Num;
  engagementRate: Num;
  accountAgeMonths: Num;
  verified: boolean;
  originalEmail: boolean;
  twoFactorRemovable: boolean;
  deliveryMethod: string;
  deliveryTime: string;
  /** '' keeps the category's default protection period. */
  protectionDays: string;
}

export const EMPTY_FORM: ListingFormState = {
  title: '',
  category: '',
  platform: '',
  region: '',
  description: '',
  price: '',
  negotiable: false,
  level: '',
  itemsCount: '',
  followers: '',
  engagementRate: '',
  accountAgeMonths: '',
  verified: false,
  originalEmail: false,
  twoFactorRemovable: false,
  deliveryMethod: 'full-access',
  deliveryTime: 'within-24h',
  protectionDays: '',
};

export function formFromListing(l: OwnListing): ListingFormState {
  const n = (v: number | null) => (v === null ? '' : v);
  return {
    title: l.title,
    category: l.category,
    platform: l.platform,
    region: l.region,
    description: l.description,
    price: l.priceCents / 100,
    negotiable: l.negotiable,
    level: l.level ?? '',
    itemsCount: n(l.itemsCount),
    followers: n(l.followers),
    engagementRate: n(l.engagementRate),
    accountAgeMonths: n(l.accountAgeMonths),
    verified: l.verified,
    originalEmail: l.originalEmail,
    twoFactorRemovable: l.twoFactorRemovable,
    deliveryMethod: l.deliveryMethod,
    deliveryTime: l.deliveryTime,
    protectionDays: String(l.protectionDays),
  };
}

const num = (v: Num) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The request body: price in cents, and only the attributes that apply to the category. */
export function inputFromForm(s: ListingFormState): ListingFormValues {
  const values: Record<string, unknown> = {
    title: s.title,
    category: s.category || undefined,
    platform: s.platform || undefined,
    region: s.region || undefined,
    description: s.description,
    priceCents: s.price === '' ? undefined : Math.round(Number(s.price) * 100),
    currency: 'USD',
    negotiable: s.negotiable,
    deliveryMethod: s.deliveryMethod || undefined,
    deliveryTime: s.deliveryTime || undefined,
    protectionDays: s.protectionDays === '' ? undefined : Number(s.protectionDays),
  };
  for (const key of ATTRIBUTE_KEYS) {
    const applies = s.category ? attributeApplies(s.category, key) : false;
    const isFlag = (FLAG_ATTRIBUTES as readonly string[]).includes(key);
    if (isFlag) values[key] = applies ? s[key] : false;
    else if (key === 'level') values.level = applies && s.level.trim() ? s.level : null;
    else values[key] = applies ? num(s[key] as Num) : null;
  }
  return values as ListingFormValues;
}

/** Server and schema errors use priceCents; the input is "price". */
/** The key of a field's error among the schema's (and the server's) `fields`. */
export const errorKey = (field: keyof ListingFormState) => (field === 'price' ? 'priceCents' : field);
export const errorFor = (errors: Record<string, string>, field: keyof ListingFormState) => errors[errorKey(field)];
