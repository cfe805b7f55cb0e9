import { z } from 'zod';
import { ROLES } from './roles';
import { DAY_MS } from './durations';

/** The seller as buyers see them next to a listing and on their profile. */
export const sellerSummarySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  memberSince: z.number(),
  /** Start (UTC) of the day the seller was last active: coarse on purpose, never a precise time. */
  lastActive: z.number(),
  emailVerified: z.boolean(),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
  activeListings: z.number(),
  soldCount: z.number(),
  /** Median minutes to a first answer in chat; null until there is enough chat history. */
  responseTimeMinutes: z.number().nullable(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const sellerProfileSchema = sellerSummarySchema.extend({
  /** Number of reviews per star, index 0 = 1 star. */
  ratingBreakdown: z.array(z.number()).length(5),
  /** Orders that reached `completed`, less those whose payment the buyer's bank reversed (decision 183). */
  completedSales: z.number(),
  /** Share (0–1) of paid orders that saw a dispute; null before the first paid order. */
  disputeRate: z.number().nullable(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const SELLER_MESSAGES = { notFound: 'Seller not found' } as const;

/** "4.8" for an average rating, or "No reviews yet". */
export function formatRating(average: number | null): string {
  return average === null ? 'No reviews yet' : average.toFixed(1);
}

/** "12 min", "3 h", "2 days" for a response time; an em dash when unknown. */
export function formatResponseTime(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} days`;
}

/** What others may know of a member's last activity: the day, not the moment. */
export const lastActiveDay = (ms: number) => ms - (ms % DAY_MS);

/** "Active today", "Active yesterday", "Active 3 days ago", "Active over a month ago" for a lastActiveDay value. */
export function formatActiveDay(dayStart: number, now: number): string {
  const days = Math.max(0, Math.floor((lastActiveDay(now) - dayStart) / DAY_MS));
  if (days === 0) return 'Active today';
  if (days === 1) return 'Active yesterday';
  if (days <= 30) return `Active ${days} days ago`;
  return 'Active over a month ago';
}
