import {
  DEFAULT_EXPIRY_TIME,
  NOTIFICATION_MESSAGES as M,
  SEVERITIES,
  STATUSES,
  TARGET_ROLES,
  type NotificationStatus,
} from './announcements';
import { isTimeMs } from './durations';

/** The fields validation looks at, as received (before their types are known). */
export interface NotificationRecord {
  title?: unknown;
  message?: unknown;
  status?: unknown;
  severity?: unknown;
  targetUsers?: unknown;
  expiresAt?: unknown;
}

export type NotificationField = 'title' | 'message' | 'status' | 'severity' | 'targetUsers' | 'expiresAt';
export interface NotificationIssue {
  field: NotificationField;
  message: string;
}

const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function targetUsersIssue(target: unknown): string | null {
  if (isEmpty(target)) return M.targetRequired;
  if (typeof target === 'string')
    return (TARGET_ROLES as readonly string[]).includes(target) ? null : M.targetStringInvalid;
  if (Array.isArray(target)) {
    if (target.length === 0) return M.targetListEmpty;
    return target.every((id) => typeof id === 'string') ? null : M.targetIdsNotStrings;
  }
  return M.targetInvalid;
}

/** Spec section 5, every rule, in field order; each issue names the form field it belongs to. */
export function notificationIssues(n: NotificationRecord): NotificationIssue[] {
  const issues: NotificationIssue[] = [];
  if (isBlank(n.title)) issues.push({ field: 'title', message: M.titleRequired });
  if (isBlank(n.message)) issues.push({ field: 'message', message: M.messageRequired });
  if (!(STATUSES as readonly unknown[]).includes(n.status)) issues.push({ field: 'status', message: M.statusInvalid });
  if (!(SEVERITIES as readonly unknown[]).includes(n.severity))
    issues.push({ field: 'severity', message: M.severityInvalid });
  const target = targetUsersIssue(n.targetUsers);
  if (target) issues.push({ field: 'targetUsers', message: target });
  if (!isEmpty(n.expiresAt) && parseExpiresAt(n.expiresAt) === null)
    issues.push({ field: 'expiresAt', message: M.expiresInvalid });
  return issues;
}

/** The list of spec messages for the record; empty when it is valid. */
export function validateNotification(n: NotificationRecord): string[] {
  return notificationIssues(n).map((i) => i.message);
}

/** Issues keyed by field (first per field), for showing next to form controls. */
export function notificationFieldErrors(n: NotificationRecord): Partial<Record<NotificationField, string>> {
  const fields: Partial<Record<NotificationField, string>> = {};
  for (const i of notificationIssues(n)) fields[i.field] ??= i.message;
  return fields;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function utcFromParts(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 30 February over into March; a real calendar date survives the round trip.
  return new Date(t).getUTCDate() === d ? t : null;
}

/**
 * Expiry from a date ('YYYY-MM-DD') plus an optional time ('HH:mm' or 'HH:mm:ss', default 23:59:59) in a zone given
 * as minutes behind UTC (Date#getTimezoneOffset). An invalid combination gives null.
 */
export function buildExpiresAt(date: string, time?: string | null, timeZoneOffset = 0): number | null {
  const dm = DATE_ONLY.exec(date.trim());
  const tm = TIME.exec((time || DEFAULT_EXPIRY_TIME).trim());
  if (!dm || !tm || !Number.isFinite(timeZoneOffset)) return null;
  const t = utcFromParts(+dm[1], +dm[2], +dm[3], +tm[1], +tm[2], +(tm[3] ?? 0));
  return t === null ? null : t + timeZoneOffset * 60_000;
}

/**
 * An expiry as received (epoch ms, ISO date-time, or a date alone at 23:59:59 UTC) to epoch ms; null if unparseable or
 * not a time a Date can hold (a fraction of a millisecond, 1e300).
 */
export function parseExpiresAt(value: unknown): number | null {
  if (typeof value === 'number') return isTimeMs(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (DATE_ONLY.test(value.trim())) return buildExpiresAt(value);
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** Spec section 4: a notification validated with an expiry already past is forced to expired. */
export function statusForExpiry(status: NotificationStatus, expiresAt: number | null, now: number): NotificationStatus {
  return expiresAt !== null && expiresAt <= now ? 'expired' : status;
}
