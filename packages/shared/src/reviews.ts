import { z } from 'zod';

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
  already: 'You have already reviewed the seller for this listing.',
  notFound: 'Review not found',
  replyNotYours: 'Only the seller can answer this review.',
  alreadyReplied: 'You have already answered this review.',
  created: 'Thank you for your review!',
  replied: 'Your answer is published.',
} as const;

export const reviewInputSchema = z.strictObject({
  rating: z.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
  comment: z.string({ error: REVIEW_MESSAGES.comment }).trim().min(REVIEW_COMMENT_MIN, REVIEW_MESSAGES.comment).max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.comment),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplySchema = z.strictObject({
  reply: z.string({ error: REVIEW_MESSAGES.reply }).trim().min(2, REVIEW_MESSAGES.reply).max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.reply),
});

export const reviewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  listingTitle: z.string(),
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
  listingStatus: string;
  hasConversation: boolean;
  alreadyReviewed: boolean;
}

/**
 * The review rule: a buyer who chatted with the seller about a listing that is marked sold may rate the seller
 * once per listing. Returns the reason they may not, or null when they may.
 */
export function reviewBlocker(f: ReviewFacts): string | null {
  if (f.isSeller) return REVIEW_MESSAGES.own;
  if (f.listingStatus !== 'sold') return REVIEW_MESSAGES.notSold;
  if (!f.hasConversation) return REVIEW_MESSAGES.noConversation;
  if (f.alreadyReviewed) return REVIEW_MESSAGES.already;
  return null;
}

/** The seller answers a review once. */
export function replyBlocker(userId: string, review: { sellerId: string; reply: string | null }): string | null {
  if (review.sellerId !== userId) return REVIEW_MESSAGES.replyNotYours;
  if (review.reply !== null) return REVIEW_MESSAGES.alreadyReplied;
  return null;
}
