import dayjs from 'dayjs';
import {
  DEFAULT_EXPIRY_TIME,
  type AudienceFilter,
  type Notification,
  type NotificationInput,
  type NotificationStatus,
  type Severity,
} from '@accountry/shared/announcements';
import { notificationFieldErrors } from '@accountry/shared/announcements-validation';

export interface FormValues {
  title: string;
  message: string;
  severity: Severity;
  status: NotificationStatus;
  audience: AudienceFilter;
  userIds: string[];
  /** 'YYYY-MM-DD' or '' for no expiry */
  expiresDate: string;
  /** 'HH:mm' or '' for the end of the day */
  expiresTime: string;
}

export const EMPTY_FORM: FormValues = {
  title: '',
  message: '',
  severity: 'info',
  status: 'active',
  audience: 'all',
  userIds: [],
  expiresDate: '',
  expiresTime: '',
};

export function formFromNotification(n: Notification): FormValues {
  const at = n.expiresAt === null ? null : dayjs(n.expiresAt);
  const time = at?.format('HH:mm:ss');
  return {
    title: n.title,
    message: n.message,
    severity: n.severity,
    status: n.status,
    audience: Array.isArray(n.targetUsers) ? 'specific' : n.targetUsers,
    userIds: Array.isArray(n.targetUsers) ? n.targetUsers : [],
    expiresDate: at?.format('YYYY-MM-DD') ?? '',
    expiresTime: !time || time === DEFAULT_EXPIRY_TIME ? '' : time.slice(0, 5),
  };
}

const targetUsersOf = (v: FormValues) => (v.audience === 'specific' ? v.userIds : v.audience);

/** The admin's zone offset on the expiry day itself (it changes with daylight saving time). */
function zoneOffset(date: string, time: string) {
  const local = new Date(`${date}T${time || DEFAULT_EXPIRY_TIME}`);
  return Number.isNaN(local.getTime()) ? new Date().getTimezoneOffset() : local.getTimezoneOffset();
}

export function inputFromForm(v: FormValues): NotificationInput {
  return {
    title: v.title,
    message: v.message,
    severity: v.severity,
    status: v.status,
    targetUsers: targetUsersOf(v),
    expiresAt: v.expiresDate || null,
    ...(v.expiresDate ? { expiresTime: v.expiresTime, timeZoneOffset: zoneOffset(v.expiresDate, v.expiresTime) } : {}),
  };
}

/** Whether an active announcement's expiry has already passed: it would be saved as Expired and shown to nobody. */
export function expiryPassed(v: FormValues, now: number): boolean {
  if (v.status !== 'active' || !v.expiresDate) return false;
  const at = new Date(`${v.expiresDate}T${v.expiresTime || DEFAULT_EXPIRY_TIME}`).getTime();
  return !Number.isNaN(at) && at <= now;
}

export const EXPIRY_PASSED_WARNING =
  'This expiry has already passed: the announcement will be saved as Expired, and nobody will see it.';

/** The spec messages for the form, keyed by its controls. */
export function formErrors(v: FormValues): Record<string, string> {
  const f = notificationFieldErrors({
    ...v,
    title: v.title,
    targetUsers: targetUsersOf(v),
    expiresAt: v.expiresDate || null,
  });
  const out: Record<string, string> = { ...f };
  if (f.targetUsers) out[v.audience === 'specific' ? 'userIds' : 'audience'] = f.targetUsers;
  if (f.expiresAt) out.expiresDate = f.expiresAt;
  return out;
}

/** Server field errors mapped onto the form's controls. */
export function formErrorsFromServer(fields: Record<string, string>, audience: AudienceFilter): Record<string, string> {
  const out: Record<string, string> = { ...fields };
  if (fields.targetUsers) out[audience === 'specific' ? 'userIds' : 'audience'] = fields.targetUsers;
  if (fields.expiresAt) out.expiresDate = fields.expiresAt;
  if (fields.expiresTime) out.expiresTime = fields.expiresTime;
  return out;
}
