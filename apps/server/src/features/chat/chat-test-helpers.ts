import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { ListingsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';

/** A listing row arranged directly: chat tests are not about listing management. */
export async function insertListing(
  ctx: { db: Database; clock: Clock },
  sellerId: string,
  over: Partial<ListingsTable> = {},
) {
  const now = ctx.clock.now();
  const row: ListingsTable = {
    id: newId(),
    sellerId,
    title: 'Level 80 raid-ready account',
    category: 'game',
    platform: 'wow',
    region: 'europe',
    description: 'Well kept.',
    priceCents: 9_900,
    currency: 'USD',
    negotiable: true,
    level: '80',
    itemsCount: null,
    followers: null,
    engagementRate: null,
    accountAgeMonths: 24,
    verified: false,
    originalEmail: true,
    twoFactorRemovable: true,
    deliveryMethod: 'full-access',
    deliveryTime: 'instant',
    status: 'active',
    hiddenReason: null,
    statusBeforeHidden: null,
    viewCount: 0,
    favoriteCount: 0,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    soldAt: null,
    ...over,
  };
  await ctx.db.insertInto('listings').values(row).execute();
  return row;
}

export const clientId = () => randomBytes(12).toString('base64url');
