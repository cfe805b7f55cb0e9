import { z } from 'zod';
import { listingCardSchema, listingImageSchema } from './listing-schemas';
import { DELIVERY_METHODS, DELIVERY_TIMES } from './listings';
import { sellerSummarySchema } from './sellers';
import { reviewSchema } from './reviews';
import { LISTING_MESSAGES as M } from './listing-messages';
import { plainText } from './plain-text';

/** What the account detail page shows every viewer the same: the listing's card without the viewer's fields. */
export const listingDetailPageSchema = listingCardSchema.omit({ isFavorite: true, viewCount: true }).extend({
  description: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryTime: z.enum(DELIVERY_TIMES),
  images: z.array(listingImageSchema),
  updatedAt: z.number(),
  soldAt: z.number().nullable(),
});
export type ListingDetailPage = z.infer<typeof listingDetailPageSchema>;

/** What depends on who is looking (and on views not yet written). */
export const listingDetailViewerSchema = z.object({
  isFavorite: z.boolean(),
  viewCount: z.number(),
  isOwner: z.boolean(),
  /** Shown to the seller (and admins) only. */
  favoriteCount: z.number().nullable(),
  hiddenReason: z.string().nullable(),
  seller: sellerSummarySchema,
  /**
   * A block between the viewer and the seller (decision 053), which refuses offers and orders between them: 'viewer'
   * when the viewer blocked the seller (theirs to lift, so it comes first), 'seller' when only the seller did.
   */
  block: z.enum(['viewer', 'seller']).nullable(),
  review: z.object({
    /** Why the viewer may not review the seller for this listing, or null when they may. */
    blocker: z.string().nullable(),
    mine: reviewSchema.nullable(),
  }),
});
export type ListingDetailViewer = z.infer<typeof listingDetailViewerSchema>;

/** GET /api/listings/:id: everything the account detail page shows. */
export const listingDetailSchema = listingDetailPageSchema.extend(listingDetailViewerSchema.shape);
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const REPORT_REASONS = ['scam', 'stolen', 'misleading', 'prohibited', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  stolen: 'Stolen or hacked account',
  misleading: 'Misleading description or screenshots',
  prohibited: 'Prohibited item or against platform rules',
  duplicate: 'Spam or duplicate listing',
  other: 'Something else',
};

export const listingReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: M.reportReason }),
  message: z.string().overwrite(plainText).trim().max(1000, M.reportMessage).default(''),
});
export type ListingReportInput = z.input<typeof listingReportSchema>;
export type ListingReport = z.infer<typeof listingReportSchema>;
