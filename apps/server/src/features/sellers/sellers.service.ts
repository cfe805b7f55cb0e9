import { sellerOrderStats } from '../../db/order-facts';
import type { SellerProfile, SellerSummary } from '@accountry/shared/sellers';
import { lastActiveDay, SELLER_MESSAGES } from '@accountry/shared/sellers';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/app-error';
import { sellerCardsFor } from './seller-cards';
import { findSeller, firstMessageTimes, ratingCounts, sellerListingCounts } from './sellers.repository';

const RESPONSE_SAMPLE = 50;
const MIN_RESPONSES = 3;

/** Median minutes from a buyer's first message to the seller's first answer; null until there are a few answers. */
export async function responseTimeMinutes(deps: AppDeps, sellerId: string): Promise<number | null> {
  const rows = await firstMessageTimes(deps.db.db, sellerId, RESPONSE_SAMPLE);
  const waits = rows
    .filter((r) => r.asked !== null && r.answered !== null && Number(r.answered) >= Number(r.asked))
    .map((r) => (Number(r.answered) - Number(r.asked)) / 60_000)
    .sort((a, b) => a - b);
  if (waits.length < MIN_RESPONSES) return null;
  // An even count has two middle waits: the median is halfway between them, not the later one.
  const mid = waits.length / 2;
  const median = Number.isInteger(mid) ? (waits[mid - 1] + waits[mid]) / 2 : waits[Math.floor(mid)];
  return Math.round(median);
}

async function ratingOf(deps: AppDeps, sellerId: string) {
  const rows = await ratingCounts(deps.db.db, sellerId);
  const breakdown = [1, 2, 3, 4, 5].map((star) => Number(rows.find((r) => Number(r.rating) === star)?.n ?? 0));
  const count = breakdown.reduce((a, b) => a + b, 0);
  const sum = breakdown.reduce((a, n, i) => a + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, breakdown };
}

/**
 * The member behind a seller's page, or 404 for unknown, deleted and disabled members (a listing's own page may still
 * show such a seller's card: only its seller and admins can see such a listing, it is hidden) and, with `sellersOnly`,
 * for members who do not sell: a seller's page must not reveal buyers' or admins' activity.
 */
export async function visibleSeller(
  deps: AppDeps,
  sellerId: string,
  opts: { allowDeleted?: boolean; sellersOnly?: boolean } = {},
) {
  const user = await findSeller(deps.db.db, sellerId);
  if (!user || ((user.deletedUid || user.disabled) && !opts.allowDeleted)) throw notFound(SELLER_MESSAGES.notFound);
  if (opts.sellersOnly && user.role !== 'seller' && user.role !== 'both') throw notFound(SELLER_MESSAGES.notFound);
  return user;
}

/** The seller card and profile header, of a member `visibleSeller` lets be seen. */
export async function sellerProfile(
  deps: AppDeps,
  sellerId: string,
  opts: { allowDeleted?: boolean; sellersOnly?: boolean } = {},
): Promise<SellerProfile> {
  const user = await visibleSeller(deps, sellerId, opts);
  const [rating, counts, responseTime, orderStats] = await Promise.all([
    ratingOf(deps, sellerId),
    sellerListingCounts(deps.db.db, sellerId),
    responseTimeMinutes(deps, sellerId),
    sellerOrderStats(deps.db.db, sellerId),
  ]);
  return {
    id: user.id,
    displayName: user.displayName,
    role: user.role,
    memberSince: user.createdAt,
    lastActive: lastActiveDay(user.lastActive),
    emailVerified: user.emailVerified,
    rating: { average: rating.average, count: rating.count },
    ratingBreakdown: rating.breakdown,
    completedSales: orderStats.completedSales,
    disputeRate: orderStats.disputeRate,
    activeListings: counts.active,
    soldCount: counts.sold,
    responseTimeMinutes: responseTime,
  };
}

/** The seller card of a listing's page, from the seller card cache (decision 145). */
export async function sellerSummary(
  deps: AppDeps,
  sellerId: string,
  opts: { allowDeleted?: boolean } = {},
): Promise<SellerSummary> {
  return sellerCardsFor(deps).get(`${sellerId} ${opts.allowDeleted ? 'any' : 'live'}`, async () => {
    const { ratingBreakdown: _omit, ...summary } = await sellerProfile(deps, sellerId, opts);
    return summary;
  });
}
