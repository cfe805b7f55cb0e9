import { CATEGORY_PLATFORMS, PLATFORM_LABELS, type Platform } from '@accountry/shared/listings';

/** The words demo listings are made of: platforms by category, ranks, niches, skins, plans and display names. */
export const GAME_PLATFORMS = CATEGORY_PLATFORMS.game.filter((p) => p !== 'other');
export const SOCIAL_PLATFORMS = CATEGORY_PLATFORMS.social.filter((p) => p !== 'other');
export const STREAMING_PLATFORMS: Platform[] = ['spotify', 'netflix'];
export const RANKS = [
  'Iron 3',
  'Bronze 2',
  'Silver 1',
  'Gold 3',
  'Platinum 2',
  'Diamond 1',
  'Ascendant 2',
  'Immortal 1',
  'Radiant',
];
export const LOL_RANKS = ['Silver II', 'Gold IV', 'Platinum I', 'Emerald III', 'Diamond II', 'Master', 'Grandmaster'];
export const NICHES = [
  'fitness',
  'travel',
  'memes',
  'food',
  'gaming',
  'fashion',
  'tech',
  'pets',
  'quotes',
  'cars',
  'beauty',
  'music',
];
export const SKINS = [
  'Reaver Vandal',
  'Prime Phantom',
  'Elderflame Operator',
  'Champions Karambit',
  'Glitchpop Dagger',
  'RGX Butterfly Knife',
];
export const FN_SKINS = ['Renegade Raider', 'Black Knight', 'Galaxy', 'Travis Scott', 'Ikonik', 'Glow'];
export const GENSHIN = ['Raiden Shogun', 'Nahida', 'Hu Tao', 'Zhongli', 'Furina', 'Neuvillette', 'Kazuha'];
export const PLANS: Record<string, string[]> = {
  spotify: ['Premium Individual', 'Premium Duo', 'Premium Family'],
  netflix: ['Standard', 'Premium 4K', 'Standard with ads'],
};
export const OTHER_TITLES = [
  'Rare 4-letter username account',
  'Aged forum account with high reputation',
  'Discord account with early supporter badge',
  'Old gaming forum account, 2009',
  'Short e-mail handle with clean history',
];

/** How a platform's name is written in a title: its label, but plain "X" (the label says "X (Twitter)"). */
export const PLATFORM_NAMES: Record<Platform, string> = { ...PLATFORM_LABELS, x: 'X' };
