import { z } from 'zod';
import { REVIEW_WINDOW_MS } from './order-state';
import { plainText } from './plain-text';

export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5',
  comment: `Write ${REVIEW_COMMENT_MIN} to ${REVIEW_COMMENT_MAX} characters about your experience`,
  reply: `Write 2 to ${REVIEW_REPLY_MAX} characters`,
  own: 'You cannot review your own listing.',
  notSold: 'You can review the seller once the listing is marked sold.',
  noConversation: 'Only buyers who chatted with the seller about this listing can review it.',
  noOrder: 'Only the buyer of a completed order can review the seller.',
  notCompleted: 'You can review the seller once your order is completed.',
  refunded: 'A refunded order cannot be reviewed.',
  chargedBack: 'Your bank reversed the payment of this order, so it cannot be reviewed.',
  windowClosed: 'Reviews can be written within 30 days of the order completing.',
  already: 'You have already reviewed the seller for this listing.',
  notFound: 'Review not found',
  replyNotYours: 'Only the seller can answer this review.',
  alreadyReplied: 'You have already answered this review.',
  created: 'Thank you for your review!',
  replied: 'Your answer is published.',
} as const;

export const reviewInputSchema = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string({ error: REVIEW_MESSAGES.comment })
    .overwrite(plainText)
    .trim()
    .min(REVIEW_COMMENT_MIN, REVIEW_MESSAGES.comment)
    .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.comment),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplySchema = z.strictObject({
  reply: z
    .string({ error: REVIEW_MESSAGES.reply })
    .overwrite(plainText)
    .trim()
    .min(2, REVIEW_MESSAGES.reply)
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.reply),
});

export const reviewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  /** Null in a seller's public list when the admins have since withdrawn (hidden) the listing. */
  listingTitle: z.string().nullable(),
  sellerId: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  rating: z.number(),
  comment: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsPageSchema = z.object({ items: z.array(reviewSchema), nextCursor: z.string().nullable() });
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

export interface ReviewFacts {
  isSeller: boolean;
  /** The viewer's latest order for the listing, or null when they never ordered it. */
  order: {
    status: string;
    refundedCents: number;
    completedAt: number | null;
    /** A chargeback the card's bank decided for the buyer reversed its payment (decision 183). */
    chargedBack: boolean;
  } | null;
  alreadyReviewed: boolean;
  now: number;
}

/** When the buyer's time to review an order completed at `completedAt` ends (decision 081). */
export const reviewWindowEnd = (completedAt: number) => completedAt + REVIEW_WINDOW_MS;

/**
 * The review rule (decision 081, replacing decision 047's): only the buyer of a completed, not refunded order may
 * rate the seller, once per order, within 30 days of completion; a payment the buyer's bank reversed counts as
 * refunded (decision 183). Returns the reason they may not, or null.
 */
export function reviewBlocker(f: ReviewFacts): string | null {
  if (f.isSeller) return REVIEW_MESSAGES.own;
  if (f.alreadyReviewed) return REVIEW_MESSAGES.already;
  if (!f.order) return REVIEW_MESSAGES.noOrder;
  if (f.order.chargedBack) return REVIEW_MESSAGES.chargedBack;
  if (f.order.status === 'refunded' || f.order.refundedCents > 0) return REVIEW_MESSAGES.refunded;
  if (f.order.status !== 'completed' || f.order.completedAt === null) return REVIEW_MESSAGES.notCompleted;
  if (f.now >= reviewWindowEnd(f.order.completedAt)) return REVIEW_MESSAGES.windowClosed;
  return null;
}

/** The seller answers a review once. */
export function replyBlocker(userId: string, review: { sellerId: string; reply: string | null }): string | null {
  if (review.sellerId !== userId) return REVIEW_MESSAGES.replyNotYours;
  if (review.reply !== null) return REVIEW_MESSAGES.alreadyReplied;
  return null;
}
