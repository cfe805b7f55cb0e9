import { z } from 'zod';
import { cursorSchema, pageLimitSchema, pageOf } from './admin-paging';

/** Actions the admin area records; other features add their own (announcement.*, …). */
export const ADMIN_ACTIONS = {
  userRole: 'user.role',
  userDisable: 'user.disable',
  userEnable: 'user.enable',
  userDelete: 'user.delete',
  userRestore: 'user.restore',
  userTwoFactorOff: 'user.two_factor_off',
  /** Support read a member's security activity (their IP addresses among it, decision 178). */
  userActivityView: 'user.activity_view',
  listingHide: 'listing.hide',
  listingUnhide: 'listing.unhide',
  listingDelete: 'listing.delete',
  /** A moderator looked at a hidden listing again at its seller's request and kept it hidden (decision 259). */
  listingReviewDecline: 'listing.review_decline',
  reportReview: 'report.review',
  feedbackReview: 'feedback.review',
} as const;

export const adminAuditQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  actorId: z.string().max(64).optional(),
  targetType: z.string().max(50).optional(),
  targetId: z.string().max(64).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;
export type AdminAuditFilter = z.output<typeof adminAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The user's name, the listing's or announcement's title, an order's listing's title; null for others or when gone. */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  actors: z.array(z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string().nullable() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
