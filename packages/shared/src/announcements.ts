import { z } from 'zod';
import { apiErrorSchema } from './api-error';
import { plainText } from './plain-text';

/** Site-wide announcements ("notifications" in the spec): values, defaults and messages of spec sections 3–9. */
export const SEVERITIES = ['info', 'warning', 'success', 'error'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const STATUSES = ['active', 'expired', 'draft', 'canceled'] as const;
export type NotificationStatus = (typeof STATUSES)[number];
/** Role strings a notification can target; 'both' reaches buyers and sellers. */
export const TARGET_ROLES = ['all', 'buyer', 'seller', 'both', 'admin'] as const;
export type TargetRole = (typeof TARGET_ROLES)[number];
/** A role string, or a list of user ids ("specific users"). */
export type TargetUsers = TargetRole | string[];
/** The listing filter: a role string, or 'specific' for every id list. */
export const AUDIENCE_FILTERS = [...TARGET_ROLES, 'specific'] as const;
export type AudienceFilter = (typeof AUDIENCE_FILTERS)[number];
export const SORT_FIELDS = ['createdAt', 'updatedAt', 'expiresAt', 'title', 'severity', 'status'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

export const DEFAULT_SEVERITY: Severity = 'info';
export const DEFAULT_STATUS: NotificationStatus = 'active';
export const DEFAULT_TARGET: TargetRole = 'all';
export const DEFAULT_SORT_FIELD: SortField = 'createdAt';
export const DEFAULT_EXPIRY_TIME = '23:59:59';
export const MAX_PAGE_SIZE = 100;
/** Newest announcements a user is served at once; dismissing makes room for older ones. */
export const MAX_USER_ANNOUNCEMENTS = 100;
export const TITLE_MAX = 200;
export const MESSAGE_MAX = 2000;
export const MAX_TARGET_USERS = 5000;
/** Realtime message telling targeted users to refresh their announcements. */
export const ANNOUNCEMENTS_CHANGED = 'announcements:changed';

/** Spec sections 5 and 8, to the letter. */
export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  statusInvalid: 'Valid status is required (active, draft, expired, or canceled)',
  severityInvalid: 'Valid severity is required (info, success, warning, or error)',
  targetRequired: 'Target users is required',
  targetStringInvalid: `Target users string must be one of: ${TARGET_ROLES.join(', ')}`,
  targetListEmpty: 'Specific user targeting requires at least one user ID',
  targetIdsNotStrings: 'All user IDs must be strings',
  targetInvalid: 'Target users must be a valid role string or an array of user IDs',
  expiresInvalid: 'Invalid expiration date format',
  invalidDataPrefix: 'Invalid notification data: ',
  notFound: 'Notification not found',
  idRequired: 'Notification ID is required',
  dataRequired: 'Notification data is required',
  userIdRequired: 'User ID is required',
  userAndNotificationRequired: 'User ID and Notification ID are required',
  userIdsRequired: 'Valid array of user IDs is required',
  expiresTimeInvalid: 'Invalid expiration time format',
  /** A recall of one canceled already (recalled, or set so) changes nothing (409): the first recall keeps its time. */
  alreadyCanceled: 'This announcement is already canceled.',
} as const;

/** 'Invalid notification data: {list of errors}', the list joined with ', '. */
export const invalidNotificationData = (errors: readonly string[]) =>
  `${NOTIFICATION_MESSAGES.invalidDataPrefix}${errors.join(', ')}`;

export const SEVERITY_LABELS: Record<Severity, string> = {
  info: 'Info',
  warning: 'Warning',
  success: 'Success',
  error: 'Error',
};
export const STATUS_LABELS: Record<NotificationStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  draft: 'Draft',
  canceled: 'Canceled',
};
export const AUDIENCE_LABELS: Record<AudienceFilter, string> = {
  all: 'Everyone',
  buyer: 'Buyers',
  seller: 'Sellers',
  both: 'Buyers and sellers',
  admin: 'Admins',
  specific: 'Specific users',
};

export const targetUsersSchema = z.union([z.enum(TARGET_ROLES), z.array(z.string())]);

/** An announcement as the admin API returns it. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(SEVERITIES),
  status: z.enum(STATUSES),
  targetUsers: targetUsersSchema,
  expiresAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  recalledAt: z.number().nullable(),
  createdBy: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A title or message as stored: a string is made plain, trimmed, then held to its bound; any other JSON value goes on
 * as it is, for `validateNotification` to answer with the spec's message.
 */
const announcementText = (max: number, tooLong: string) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    const text = plainText(value).trim();
    if (text.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
    return text;
  });

/**
 * Create and update body. Values are checked by `validateNotification` so every spec message can be returned together;
 * only the bounds the spec leaves open are checked here. expiresAt: epoch ms, an ISO date-time, or a 'YYYY-MM-DD' date
 * completed by expiresTime (default 23:59:59) in the admin's time zone (timeZoneOffset, minutes as Date#getTimezoneOffset).
 */
export const notificationInputSchema = z.strictObject({
  title: announcementText(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`).optional(),
  message: announcementText(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`).optional(),
  // Any JSON value: one of the wrong type (null, a number) gets the spec's message from `validateNotification`.
  severity: z.unknown().optional(),
  status: z.unknown().optional(),
  targetUsers: z.unknown().optional(),
  expiresAt: z.unknown().optional(),
  expiresTime: z
    .string()
    .regex(/^(?:([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/, NOTIFICATION_MESSAGES.expiresTimeInvalid)
    .optional(),
  timeZoneOffset: z
    .number()
    .int()
    .min(-16 * 60)
    .max(16 * 60)
    .optional(),
});
export type NotificationInput = z.infer<typeof notificationInputSchema>;

export const sendToUsersSchema = z.strictObject({ userIds: z.unknown().optional() });

export const notificationListQuerySchema = z.object({
  sortField: z
    .enum(SORT_FIELDS, { error: `Sort field must be one of: ${SORT_FIELDS.join(', ')}` })
    .default(DEFAULT_SORT_FIELD),
  sortDirection: z.enum(SORT_DIRECTIONS, { error: 'Sort direction must be asc or desc' }).default('desc'),
  status: z.enum(STATUSES, { error: NOTIFICATION_MESSAGES.statusInvalid }).optional(),
  severity: z.enum(SEVERITIES, { error: NOTIFICATION_MESSAGES.severityInvalid }).optional(),
  targetUsers: z
    .enum(AUDIENCE_FILTERS, { error: `Audience must be one of: ${AUDIENCE_FILTERS.join(', ')}` })
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  lastVisible: z.string().max(500).optional(),
});
/** The listing query as a client sends it. */
export interface NotificationListQuery {
  sortField?: SortField;
  sortDirection?: (typeof SORT_DIRECTIONS)[number];
  status?: NotificationStatus;
  severity?: Severity;
  targetUsers?: AudienceFilter;
  pageSize?: number;
  lastVisible?: string;
}

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Opaque cursor: pass it back as lastVisible for the next page. */
  lastVisible: z.string().nullable(),
  hasMore: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationStatsSchema = z.object({
  active: z.number(),
  expired: z.number(),
  draft: z.number(),
  canceled: z.number(),
  total: z.number(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

/** Definitions in docs/decisions/021-announcement-metrics.md. */
export const notificationMetricsSchema = z.object({
  audienceSize: z.number(),
  totalResponses: z.number(),
  readCount: z.number(),
  dismissedCount: z.number(),
  unreadCount: z.number(),
  activeCount: z.number(),
});
export type NotificationMetrics = z.infer<typeof notificationMetricsSchema>;

/** An announcement as a signed-in user receives it. */
export const userNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(SEVERITIES),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;
export const userNotificationsSchema = z.object({ notifications: z.array(userNotificationSchema) });

export const userSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ids: z.string().max(20_000).optional(),
});
export const userSearchResultSchema = z.object({
  users: z.array(z.object({ id: z.string(), displayName: z.string(), email: z.string(), role: z.string() })),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>['users'][number];

/** The usual error shape, plus the list of validation messages for create and update. */
export const notificationErrorSchema = z.object({
  error: apiErrorSchema.shape.error.extend({ errors: z.array(z.string()).optional() }),
});
