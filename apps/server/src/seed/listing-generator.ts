import { DELIVERY_TIMES, REGIONS, type ListingCategory, type Platform } from '@accountry/shared/listings';
import type { ListingImagesTable, ListingsTable } from '../db/schema';
import { demoImageUrls } from '../features/listings/demo-images';
import { randomBytes } from 'node:crypto';
import { seededRandom, type Rand } from './seeded-random';
import {
  GAME_PLATFORMS,
  SOCIAL_PLATFORMS,
  STREAMING_PLATFORMS,
  RANKS,
  LOL_RANKS,
  NICHES,
  SKINS,
  FN_SKINS,
  GENSHIN,
  PLANS,
  OTHER_TITLES,
  PLATFORM_NAMES,
} from './listing-vocabulary';
import { DAY_MS, MINUTE_MS } from '@accountry/shared/durations';

type Draft = Pick<
  ListingsTable,
  'title' | 'description' | 'level' | 'itemsCount' | 'followers' | 'engagementRate' | 'priceCents'
>;

function gameListing(r: Rand, platform: Platform): Draft {
  const items = r.int(5, 400);
  const age = r.int(6, 120);
  const base = { followers: null, engagementRate: null, itemsCount: items };
  switch (platform) {
    case 'valorant': {
      const rank = r.pick(RANKS);
      return {
        ...base,
        level: rank,
        title: `${rank} Valorant account with ${items} skins incl. ${r.pick(SKINS)}`,
        priceCents: r.int(20, 900) * 100,
        description: `Valorant account, ${rank} this act.\n${items} weapon skins, every agent unlocked.\nAccount age ${age} months, never banned.`,
      };
    }
    case 'league-of-legends': {
      const rank = r.pick(LOL_RANKS);
      return {
        ...base,
        level: rank,
        title: `${rank} League of Legends account – ${r.int(60, 168)} champions, ${items} skins`,
        priceCents: r.int(15, 600) * 100,
        description: `Ranked ${rank} on the current season.\n${items} skins, honor level 2+, no chat restrictions.\nHand-levelled, not botted.`,
      };
    }
    case 'fortnite':
      return {
        ...base,
        level: `Level ${r.int(50, 900)}`,
        title: `Fortnite account with ${items} skins incl. ${r.pick(FN_SKINS)}`,
        priceCents: r.int(30, 2500) * 100,
        description: `Stacked Fortnite locker: ${items} outfits, pickaxes and emotes.\nIncludes ${r.pick(FN_SKINS)} from an early season.\nAll platforms linkable.`,
      };
    case 'genshin': {
      const ar = r.int(45, 60);
      return {
        ...base,
        level: `Adventure Rank ${ar}`,
        title: `AR ${ar} Genshin Impact account with ${r.pick(GENSHIN)} C${r.int(0, 6)}`,
        priceCents: r.int(25, 1500) * 100,
        description: `Adventure Rank ${ar}, ${r.int(8, 40)} five-star characters and weapons.\nMain carry: ${r.pick(GENSHIN)}.\nSpiral Abyss 36 stars cleared.`,
      };
    }
    case 'minecraft':
      return {
        ...base,
        level: null,
        itemsCount: null,
        title: `Minecraft Java & Bedrock account${r.chance(0.5) ? ' with rare cape' : ', original owner'}`,
        priceCents: r.int(10, 300) * 100,
        description:
          'Full access Microsoft account with Minecraft Java and Bedrock.\nName change available.\nNever banned on any server.',
      };
    case 'roblox':
      return {
        ...base,
        level: null,
        title: `Roblox account with ${items} limiteds, ${r.int(2, 15)}k Robux value`,
        priceCents: r.int(20, 1200) * 100,
        description: `Roblox account from ${2026 - Math.ceil(age / 12)}.\n${items} limited items, verified e-mail.\nPremium subscription history.`,
      };
    default: {
      const name = PLATFORM_NAMES[platform];
      const level = r.int(5, 300);
      return {
        ...base,
        level: `Level ${level}`,
        title: `${name} account level ${level} with ${items} games`,
        priceCents: r.int(10, 2000) * 100,
        description: `${name} account with ${items} games in the library.\nAccount level ${level}, ${r.int(1, 60)} badges.\nNo VAC or trade bans.`,
      };
    }
  }
}

function socialListing(r: Rand, platform: Platform): Draft {
  const niche = r.pick(NICHES);
  const followers = Math.round(Math.exp(r.next() * Math.log(2_000_000)) + 500);
  const rate = Math.round(r.next() * 80 + 5) / 10;
  const name = PLATFORM_NAMES[platform];
  const pretty =
    followers >= 1_000_000
      ? `${(followers / 1e6).toFixed(1)}M`
      : followers >= 1000
        ? `${Math.round(followers / 1000)}K`
        : String(followers);
  return {
    level: null,
    itemsCount: null,
    followers,
    engagementRate: rate,
    priceCents: Math.max(2000, Math.round(followers * (0.005 + r.next() * 0.03)) * 100),
    title: `${niche[0].toUpperCase()}${niche.slice(1)} ${name} ${platform === 'youtube' || platform === 'twitch' ? 'channel' : 'page'} – ${pretty} followers`,
    description: `Organic ${niche} audience, mostly from the US and Europe.\nAverage engagement ${rate}%.\nNo strikes, original e-mail handed over.`,
  };
}

function streamingListing(r: Rand, platform: Platform): Draft {
  const plan = r.pick(PLANS[platform] ?? ['Premium']);
  const months = r.pick([1, 3, 6, 12, 24]);
  const name = platform === 'spotify' ? 'Spotify' : 'Netflix';
  return {
    level: plan,
    itemsCount: null,
    followers: null,
    engagementRate: null,
    priceCents: r.int(3, 12) * months * 100,
    title: `${name} ${plan} – ${months} month${months === 1 ? '' : 's'} prepaid`,
    description: `${name} ${plan}, paid for ${months} months ahead.\nYour own profile, change the password after handover.\nWorks in any region.`,
  };
}

function otherListing(r: Rand): Draft {
  return {
    level: null,
    itemsCount: null,
    followers: null,
    engagementRate: null,
    priceCents: r.int(5, 400) * 100,
    title: r.pick(OTHER_TITLES),
    description:
      'Long-held account with a clean history.\nHanded over with the original e-mail.\nAsk me anything in chat.',
  };
}

const CATEGORY_WEIGHTS: Array<[ListingCategory, number]> = [
  ['game', 0.55],
  ['social', 0.25],
  ['streaming', 0.12],
  ['other', 0.08],
];

/** Ids like newId() (128 random bits, base64url), cut from one buffer: bulk generation makes hundreds of thousands. */
function idSource(count: number) {
  const pool = randomBytes(16 * count);
  let next = 0;
  return () => pool.toString('base64url', 16 * next, 16 * ++next);
}

export interface GeneratedListing {
  listing: ListingsTable;
  images: ListingImagesTable[];
}

/** `count` believable listings over every category and platform, spread over the last four months. */
export function generateListings(opts: {
  count: number;
  sellerIds: string[];
  now: number;
  seed?: number;
  statuses?: boolean;
  maxImages?: number;
}): GeneratedListing[] {
  const r = seededRandom(opts.seed ?? 2026);
  const newId = idSource(opts.count * (1 + (opts.maxImages ?? 5)));
  const out: GeneratedListing[] = [];
  for (let i = 0; i < opts.count; i++) {
    let roll = r.next();
    const category = CATEGORY_WEIGHTS.find(([, w]) => (roll -= w) < 0)?.[0] ?? 'game';
    const platform: Platform =
      category === 'game'
        ? r.pick(GAME_PLATFORMS)
        : category === 'social'
          ? r.pick(SOCIAL_PLATFORMS)
          : category === 'streaming'
            ? r.pick(STREAMING_PLATFORMS)
            : 'other';
    const draft =
      category === 'game'
        ? gameListing(r, platform)
        : category === 'social'
          ? socialListing(r, platform)
          : category === 'streaming'
            ? streamingListing(r, platform)
            : otherListing(r);
    const createdAt = opts.now - Math.floor(r.next() * 120 * DAY_MS);
    const s = opts.statuses === false ? 1 : r.next();
    const status = s < 0.04 ? 'draft' : s < 0.08 ? 'reserved' : s < 0.14 ? 'sold' : 'active';
    const id = newId();
    const listing: ListingsTable = {
      id,
      sellerId: opts.sellerIds[i % opts.sellerIds.length],
      ...draft,
      category,
      platform,
      region: r.chance(0.3) ? 'global' : r.pick(REGIONS),
      currency: 'USD',
      negotiable: r.chance(0.4),
      accountAgeMonths: category === 'streaming' ? r.int(1, 60) : r.int(3, 140),
      verified: category !== 'streaming' && r.chance(0.35),
      originalEmail: r.chance(0.6),
      twoFactorRemovable: r.chance(0.7),
      deliveryMethod: r.pick(['full-access', 'full-access', 'login-details', 'platform-transfer'] as const),
      deliveryTime: r.pick(DELIVERY_TIMES),
      status,
      hiddenReason: null,
      statusBeforeHidden: null,
      viewCount: Math.floor(Math.pow(r.next(), 3) * 2500),
      favoriteCount: 0,
      createdAt,
      updatedAt: createdAt,
      publishedAt: status === 'draft' ? null : createdAt + r.int(1, 60) * MINUTE_MS,
      publicTitle: status === 'draft' ? null : draft.title,
      soldAt: status === 'sold' ? Math.min(opts.now, createdAt + r.int(1, 20) * DAY_MS) : null,
      deletedAt: null,
    };
    const shots = r.int(1, opts.maxImages ?? 5);
    const first = r.int(0, 1000);
    const images = Array.from({ length: shots }, (_, position) => ({
      id: newId(),
      listingId: id,
      position,
      ...demoImageUrls(first + position * 7),
      createdAt,
    }));
    out.push({ listing, images });
  }
  return out;
}
