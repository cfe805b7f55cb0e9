import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_CATEGORIES, PLATFORMS } from '@accountry/shared/listings';
import { listingInputSchema } from '@accountry/shared/listing-schemas';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { seedUsers, type SeededUsers } from './seed-users';
import { DEMO_LISTING_COUNT, seedListings } from './seed-listings';
import { seedFavoritesReviews } from './seed-favorites-reviews';
import { generateListings } from './listing-generator';
import { CATALOGUE_SELLERS } from './demo-users';

let handle: DatabaseHandle;
let users: SeededUsers;
beforeAll(async () => {
  handle = await createTestDatabase();
  const clock = new ManualClock();
  await handle.db.transaction().execute(async (db) => {
    users = await seedUsers(db, clock);
    const ctx = { db, clock, users, log: () => undefined };
    await seedListings(ctx);
    await seedFavoritesReviews(ctx);
  });
});
afterAll(() => handle.close());

describe('demo listings, favorites and reviews', () => {
  it('covers every category and platform with at least 2,000 listings, each with screenshots', async () => {
    const db = handle.db;
    const rows = await db.selectFrom('listings').select(['category', 'platform', 'sellerId', 'status']).execute();
    expect(rows.length).toBe(DEMO_LISTING_COUNT);
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(LISTING_CATEGORIES));
    expect(new Set(rows.map((r) => r.platform))).toEqual(new Set(PLATFORMS));
    const shops = CATALOGUE_SELLERS.map((s) => users[s.key]);
    expect(new Set(rows.map((r) => r.sellerId))).toEqual(new Set([users.seller, users.seller2, users.both, ...shops]));
    expect(rows.filter((r) => r.status === 'hidden')).toHaveLength(2);
    const bare = await db
      .selectFrom('listings')
      .select('id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('listingImages').select('id').whereRef('listingImages.listingId', '=', 'listings.id'),
          ),
        ),
      )
      .execute();
    expect(bare).toEqual([]);
  });

  it('generates listings that pass the listing form’s own validation', () => {
    for (const { listing } of generateListings({ count: 500, sellerIds: ['s'], now: Date.now(), seed: 7 })) {
      const r = listingInputSchema.safeParse({
        title: listing.title,
        category: listing.category,
        platform: listing.platform,
        region: listing.region,
        description: listing.description,
        priceCents: listing.priceCents,
        currency: listing.currency,
        negotiable: listing.negotiable,
        level: listing.level,
        itemsCount: listing.itemsCount,
        followers: listing.followers,
        engagementRate: listing.engagementRate,
        accountAgeMonths: listing.accountAgeMonths,
        verified: listing.verified,
        originalEmail: listing.originalEmail,
        twoFactorRemovable: listing.twoFactorRemovable,
        deliveryMethod: listing.deliveryMethod,
        deliveryTime: listing.deliveryTime,
      });
      expect(r.success, `${listing.title}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('seeds favorites with matching counts and reviews backed by conversations about sold listings', async () => {
    const db = handle.db;
    const favorites = await db.selectFrom('favorites').select(['listingId']).execute();
    expect(favorites.length).toBeGreaterThan(10);
    const counted = await db
      .selectFrom('listings')
      .select((eb) => eb.fn.sum<number>('favoriteCount').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(favorites.length);
    const reviews = await db
      .selectFrom('reviews')
      .innerJoin('listings', 'listings.id', 'reviews.listingId')
      .innerJoin('conversations', (j) =>
        j
          .onRef('conversations.listingId', '=', 'reviews.listingId')
          .onRef('conversations.buyerId', '=', 'reviews.buyerId'),
      )
      .select(['listings.status', 'reviews.reply'])
      .execute();
    expect(reviews.length).toBeGreaterThan(20);
    expect(new Set(reviews.map((r) => r.status))).toEqual(new Set(['sold']));
    expect(reviews.some((r) => r.reply)).toBe(true);
  });
});
