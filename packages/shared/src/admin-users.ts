import { z } from 'zod';
import { ROLES } from './roles';
import { roleSchema } from './role-schemas';
import { cursorSchema, pageLimitSchema, pageOf, searchSchema } from './admin-paging';
import { plainText } from './plain-text';

/** What an account can do now: deletion wins over disabling. */
export const USER_STATES = ['active', 'disabled', 'deleted'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = {
  active: 'Active',
  disabled: 'Disabled',
  deleted: 'Deleted',
};

/** deleted_users.status: 'unresolved' = the account is deleted; 'resolved' = an admin restored it. */
export const DELETED_USER_STATUSES = ['unresolved', 'resolved'] as const;
export type DeletedUserStatus = (typeof DELETED_USER_STATUSES)[number];

export function userState(u: { disabled: boolean; deletedStatus: string | null | undefined }): UserState {
  if (u.deletedStatus === 'unresolved') return 'deleted';
  return u.disabled ? 'disabled' : 'active';
}

export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Buyer and seller',
  admin: 'Admin',
};

export const adminUsersQuerySchema = z.object({
  q: searchSchema,
  role: z.enum(ROLES, { error: 'Role must be one of: buyer, seller, both, admin' }).optional(),
  verified: z.enum(['yes', 'no'], { error: 'Verified must be yes or no' }).optional(),
  state: z.enum(USER_STATES, { error: 'State must be one of: active, disabled, deleted' }).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export type AdminUsersFilter = z.output<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  state: z.enum(USER_STATES),
  createdAt: z.number(),
  lastActive: z.number(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUsersPageSchema = pageOf(adminUserSummarySchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  hiddenReason: z.string().nullable(),
  priceCents: z.number(),
  currency: z.string(),
  createdAt: z.number(),
  deletedAt: z.number().nullable(),
});
/** The newest listings shown on a user's admin page; the listings page shows them all. */
export const USER_LISTINGS_SHOWN = 10;

export const adminUserReportSchema = z.object({
  id: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  status: z.string(),
  createdAt: z.number(),
});

/**
 * What disabling or deleting the account does to its open orders (decision 169): unpaid ones (as buyer or seller) and
 * paid ones it sells are canceled, the paid ones refunded to their buyers; delivered, protected and disputed ones, and
 * paid ones it buys, go on.
 */
export const adminUserOpenOrdersSchema = z.object({
  canceled: z.number(),
  refunded: z.number(),
  refundCents: z.number(),
  continuing: z.number(),
});
export type AdminUserOpenOrders = z.infer<typeof adminUserOpenOrdersSchema>;

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  phoneNumber: z.string(),
  profileComplete: z.boolean(),
  disabled: z.boolean(),
  activeSessions: z.number(),
  /** Two-factor sign-in is on (decision 168); support may turn it off for a member who lost their phone and codes. */
  twoFactor: z.boolean(),
  /** Passkeys that sign in to the account (decision 171). */
  passkeys: z.number().int(),
  deletion: z
    .object({
      status: z.enum(DELETED_USER_STATUSES),
      reason: z.string(),
      deletedBy: z.string().nullable(),
      createdAt: z.number(),
      updatedAt: z.number(),
      /** A member's own deletion: when their personal data is erased unless restored first. */
      eraseAt: z.number().nullable(),
      erasedAt: z.number().nullable(),
    })
    .nullable(),
  listings: z.array(adminUserListingSchema),
  listingCount: z.number(),
  reports: z.array(adminUserReportSchema),
  openOrders: adminUserOpenOrdersSchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const changeRoleInputSchema = z.strictObject({ role: roleSchema });

/** Optional reason for disable, delete and restore, kept in the audit log. */
export const userActionInputSchema = z.strictObject({
  reason: z.string().overwrite(plainText).trim().max(500, 'Keep the reason under 500 characters').optional(),
});
export type UserActionInput = z.infer<typeof userActionInputSchema>;

/** Turning off a member's two-factor sign-in is only done after they proved who they are: the reason says how. */
export const twoFactorOffInputSchema = z.strictObject({
  reason: z
    .string({ error: 'Say how the member proved who they are.' })
    .overwrite(plainText)
    .trim()
    .min(1, 'Say how the member proved who they are.')
    .max(500, 'Keep the reason under 500 characters'),
});
