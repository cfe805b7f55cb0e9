/** Listing vocabulary: categories, the curated platform list, regions, delivery, statuses and limits, written once. */

export const LISTING_CATEGORIES = ['game', 'social', 'streaming', 'other'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  game: 'Game account',
  social: 'Social-media account',
  streaming: 'Streaming or subscription',
  other: 'Other',
};

export const PLATFORMS = [
  'steam',
  'playstation',
  'xbox',
  'nintendo',
  'epic',
  'league-of-legends',
  'valorant',
  'fortnite',
  'minecraft',
  'roblox',
  'genshin',
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'twitch',
  'spotify',
  'netflix',
  'other',
] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  steam: 'Steam',
  playstation: 'PlayStation',
  xbox: 'Xbox',
  nintendo: 'Nintendo',
  epic: 'Epic Games',
  'league-of-legends': 'Riot / League of Legends',
  valorant: 'Valorant',
  fortnite: 'Fortnite',
  minecraft: 'Minecraft',
  roblox: 'Roblox',
  genshin: 'Genshin Impact',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X (Twitter)',
  twitch: 'Twitch',
  spotify: 'Spotify',
  netflix: 'Netflix',
  other: 'Other',
};
/** Which platforms belong to which category; 'other' fits every category. */
export const CATEGORY_PLATFORMS: Record<ListingCategory, readonly Platform[]> = {
  game: [
    'steam',
    'playstation',
    'xbox',
    'nintendo',
    'epic',
    'league-of-legends',
    'valorant',
    'fortnite',
    'minecraft',
    'roblox',
    'genshin',
    'other',
  ],
  social: ['instagram', 'tiktok', 'youtube', 'x', 'twitch', 'other'],
  streaming: ['spotify', 'netflix', 'twitch', 'youtube', 'other'],
  other: PLATFORMS,
};
export const platformFitsCategory = (platform: Platform, category: ListingCategory) =>
  CATEGORY_PLATFORMS[category].includes(platform);

export const REGIONS = [
  'global',
  'north-america',
  'latin-america',
  'europe',
  'uk',
  'cis',
  'middle-east',
  'asia',
  'southeast-asia',
  'oceania',
  'africa',
] as const;
export type Region = (typeof REGIONS)[number];
export const REGION_LABELS: Record<Region, string> = {
  global: 'Global',
  'north-america': 'North America',
  'latin-america': 'Latin America',
  europe: 'Europe',
  uk: 'United Kingdom',
  cis: 'CIS',
  'middle-east': 'Middle East',
  asia: 'Asia',
  'southeast-asia': 'Southeast Asia',
  oceania: 'Oceania',
  africa: 'Africa',
};

/** The marketplace trades in one currency so prices sort and filter meaningfully (decision 045). */
export const LISTING_CURRENCIES = ['USD'] as const;
export type ListingCurrency = (typeof LISTING_CURRENCIES)[number];
export const DEFAULT_CURRENCY: ListingCurrency = 'USD';

export const DELIVERY_METHODS = ['full-access', 'login-details', 'platform-transfer', 'other'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  'full-access': 'Full access (login and original email handed over)',
  'login-details': 'Login details (on the order page)',
  'platform-transfer': 'Official platform transfer',
  other: 'Other (described in the listing)',
};
export const DELIVERY_TIMES = ['instant', 'within-1h', 'within-24h', 'within-3d', 'within-7d'] as const;
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];
export const DELIVERY_TIME_LABELS: Record<DeliveryTime, string> = {
  instant: 'Instant',
  'within-1h': 'Within 1 hour',
  'within-24h': 'Within 24 hours',
  'within-3d': 'Within 3 days',
  'within-7d': 'Within 7 days',
};

export const LISTING_STATUSES = ['draft', 'active', 'reserved', 'sold', 'hidden'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  reserved: 'Reserved',
  sold: 'Sold',
  hidden: 'Hidden by admin',
};
/** Statuses a seller may set; 'hidden' belongs to admins. */
export const SELLER_STATUSES = ['draft', 'active', 'reserved', 'sold'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];
/** Statuses anyone signed in may see on the detail page; drafts and hidden listings only their seller and admins. */
export const PUBLIC_STATUSES: readonly ListingStatus[] = ['active', 'reserved', 'sold'];

export const TITLE_MIN = 8;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 10_000_000;
export const LEVEL_MAX = 40;
export const MAX_LISTING_IMAGES = 8;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const BROWSE_PAGE_SIZE = 24;
export const BROWSE_MAX_PAGE_SIZE = 48;
/** Result counts stop at this many matches ("1,000+"), so a count never scans the whole table. */
export const RESULT_COUNT_CAP = 1000;
export const SEARCH_MAX_LENGTH = 100;
export const SIMILAR_LISTINGS = 6;
export const HOME_SECTION_SIZE = 8;
