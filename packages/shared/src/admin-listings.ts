import { z } from 'zod';
import { cursorSchema, pageLimitSchema, pageOf, searchSchema } from './admin-paging';
import { LISTING_CATEGORIES, LISTING_STATUSES, type ListingStatus } from './listings';
import { plainText } from './plain-text';

/** The status a listing returns to when an admin unhides it; a listing hidden without one goes back to draft. */
export function statusAfterUnhide(statusBeforeHidden: string | null | undefined): Exclude<ListingStatus, 'hidden'> {
  const s = statusBeforeHidden as ListingStatus | null | undefined;
  return s && s !== 'hidden' && LISTING_STATUSES.includes(s) ? s : 'draft';
}

export const adminListingsQuerySchema = z.object({
  q: searchSchema,
  status: z
    .enum(LISTING_STATUSES, { error: 'Status must be one of: draft, active, reserved, sold, hidden' })
    .optional(),
  category: z.enum(LISTING_CATEGORIES, { error: 'Category must be one of: game, social, streaming, other' }).optional(),
  sellerId: z.string().max(64).optional(),
  /** requested: only hidden listings whose seller asked for another look (decision 259). */
  review: z.enum(['requested'], { error: 'Review must be: requested' }).optional(),
  /** yes: only deleted listings; no: only listings not deleted; left out: both. */
  deleted: z.enum(['yes', 'no'], { error: 'Deleted must be yes or no' }).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminListingsQuery = z.input<typeof adminListingsQuerySchema>;
export type AdminListingsFilter = z.output<typeof adminListingsQuerySchema>;

export const adminListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  platform: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  status: z.enum(LISTING_STATUSES),
  hiddenReason: z.string().nullable(),
  statusBeforeHidden: z.string().nullable(),
  /** When its seller asked for another look at the hidden listing, while that waits (decision 259). */
  reviewRequestedAt: z.number().nullable(),
  /** What the seller wrote with the request ('' when nothing); null without a request. */
  reviewRequestNote: z.string().nullable(),
  /** The version of what its seller wrote (decision 258): "Keep hidden" names the one the moderator looked at. */
  contentVersion: z.number(),
  sellerId: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
  sellerDeleted: z.boolean(),
  /** The seller's account is disabled: its listings stay hidden until it is enabled. */
  sellerDisabled: z.boolean(),
  conversationCount: z.number(),
  openReportCount: z.number(),
  /** Set when the listing was deleted (by its seller or an admin): gone everywhere, kept for chats and favorites. */
  deletedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;
export const adminListingsPageSchema = pageOf(adminListingSchema);
export type AdminListingsPage = z.infer<typeof adminListingsPageSchema>;

/** The seller sees this reason on their listing. */
export const hideListingInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Reason is required' })
    .overwrite(plainText)
    .trim()
    .min(3, 'Please give the seller a reason (at least 3 characters)')
    .max(500, 'Keep the reason under 500 characters'),
});
export type HideListingInput = z.infer<typeof hideListingInputSchema>;

/** Optional reason for deleting a listing, kept in the audit log. */
export const deleteListingInputSchema = z.strictObject({
  reason: z.string().overwrite(plainText).trim().max(500, 'Keep the reason under 500 characters').optional(),
});
