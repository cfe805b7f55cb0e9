import {
  DEFAULT_SEVERITY,
  DEFAULT_STATUS,
  DEFAULT_TARGET,
  MAX_TARGET_USERS,
  NOTIFICATION_MESSAGES as M,
  invalidNotificationData,
  type Notification,
  type NotificationInput,
  type NotificationStatus,
  type Severity,
  type TargetUsers,
} from '@accountry/shared/announcements';
import {
  buildExpiresAt,
  notificationFieldErrors,
  parseExpiresAt,
  statusForExpiry,
  validateNotification,
  type NotificationRecord,
} from '@accountry/shared/announcements-validation';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { AppError, badRequest } from '../../lib/app-error';

/** 400 'Invalid notification data: …' carrying the list of messages (sent as error.errors) and the field errors. */
export class NotificationDataError extends AppError {
  constructor(
    readonly errors: string[],
    fields: Record<string, string>,
  ) {
    super(400, ERROR_CODES.validation, invalidNotificationData(errors), fields);
  }
}

export interface ResolvedNotification {
  title: string;
  message: string;
  severity: Severity;
  status: NotificationStatus;
  targetUsers: TargetUsers;
  expiresAt: number | null;
}

/** '' and null clear the expiry; a date alone is completed with the time (default 23:59:59) in the admin's zone. */
function expiresAtFrom(input: NotificationInput): number | null {
  const v = input.expiresAt;
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()))
    return buildExpiresAt(v, input.expiresTime, input.timeZoneOffset ?? 0);
  return parseExpiresAt(v);
}

function check(record: NotificationRecord) {
  const errors = validateNotification(record);
  if (Array.isArray(record.targetUsers) && record.targetUsers.length > MAX_TARGET_USERS) {
    errors.push(`Specific user targeting allows at most ${MAX_TARGET_USERS} user IDs`);
  }
  if (errors.length) throw new NotificationDataError(errors, notificationFieldErrors(record));
}

/** What a field given as null or of the wrong type is: not absent, so no default or old value stands in for it. */
const given = <T>(value: unknown, otherwise: T) => (value === undefined ? otherwise : value);
const uniqueIds = (t: TargetUsers): TargetUsers => (Array.isArray(t) ? [...new Set(t)] : t);

/** Create: trim, default severity/status/targetUsers, validate the whole record, force expired for a past expiry. */
export function resolveCreate(input: NotificationInput | null | undefined, now: number): ResolvedNotification {
  if (!input) throw badRequest(M.dataRequired);
  const record = {
    title: input.title,
    message: input.message,
    severity: given(input.severity, DEFAULT_SEVERITY),
    status: given(input.status, DEFAULT_STATUS),
    targetUsers: given(input.targetUsers, DEFAULT_TARGET),
    expiresAt: input.expiresAt,
  };
  check(record);
  const expiresAt = expiresAtFrom(input);
  return {
    title: record.title as string,
    message: record.message as string,
    severity: record.severity as Severity,
    status: statusForExpiry(record.status as NotificationStatus, expiresAt, now),
    targetUsers: uniqueIds(record.targetUsers as TargetUsers),
    expiresAt,
  };
}

/** Update: an empty title or message, or an absent field, keeps the old value; an empty expiresAt clears the expiry. */
export function resolveUpdate(
  existing: Notification,
  input: NotificationInput | null | undefined,
  now: number,
): ResolvedNotification {
  if (!input || Object.keys(input).length === 0) throw badRequest(M.dataRequired);
  const record = {
    // An empty title or message keeps the old one, as the spec says; one of another type is refused.
    title: input.title === '' ? existing.title : given(input.title, existing.title),
    message: input.message === '' ? existing.message : given(input.message, existing.message),
    severity: given(input.severity, existing.severity),
    status: given(input.status, existing.status),
    targetUsers: given(input.targetUsers, existing.targetUsers),
    expiresAt: given(input.expiresAt, existing.expiresAt),
  };
  check(record);
  const expiresAt = input.expiresAt === undefined ? existing.expiresAt : expiresAtFrom(input);
  return {
    title: record.title as string,
    message: record.message as string,
    severity: record.severity as Severity,
    status: statusForExpiry(record.status as NotificationStatus, expiresAt, now),
    targetUsers: uniqueIds(record.targetUsers as TargetUsers),
    expiresAt,
  };
}

/** Sending to specific users needs a non-empty list of non-blank ids. */
export function resolveUserIds(userIds: unknown): string[] {
  if (
    !Array.isArray(userIds) ||
    userIds.length === 0 ||
    !userIds.every((id) => typeof id === 'string' && id.trim() !== '')
  ) {
    throw badRequest(M.userIdsRequired, { userIds: M.userIdsRequired });
  }
  if (userIds.length > MAX_TARGET_USERS) throw badRequest(`Send to at most ${MAX_TARGET_USERS} users at once`);
  return [...new Set(userIds as string[])];
}
