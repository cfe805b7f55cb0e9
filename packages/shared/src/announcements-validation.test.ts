import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M, invalidNotificationData } from './announcements';
import {
  buildExpiresAt,
  notificationFieldErrors,
  parseExpiresAt,
  statusForExpiry,
  validateNotification,
  type NotificationRecord,
} from './announcements-validation';

const valid: NotificationRecord = {
  title: 'Maintenance',
  message: 'Down at 02:00 UTC',
  status: 'active',
  severity: 'info',
  targetUsers: 'all',
};

describe('validateNotification (spec section 5)', () => {
  it('accepts a complete record', () => {
    expect(validateNotification(valid)).toEqual([]);
    expect(validateNotification({ ...valid, targetUsers: ['u1', 'u2'], expiresAt: '2026-12-01T10:00:00Z' })).toEqual(
      [],
    );
  });

  it.each<[string, NotificationRecord, string]>([
    ['a missing title', { ...valid, title: undefined }, M.titleRequired],
    ['a blank title', { ...valid, title: '   ' }, M.titleRequired],
    ['a non-string title', { ...valid, title: 42 }, M.titleRequired],
    ['a missing message', { ...valid, message: undefined }, M.messageRequired],
    ['a blank message', { ...valid, message: '\n\t ' }, M.messageRequired],
    ['a missing status', { ...valid, status: undefined }, M.statusInvalid],
    ['an unknown status', { ...valid, status: 'archived' }, M.statusInvalid],
    ['a missing severity', { ...valid, severity: undefined }, M.severityInvalid],
    ['an unknown severity', { ...valid, severity: 'critical' }, M.severityInvalid],
    ['missing target users', { ...valid, targetUsers: undefined }, M.targetRequired],
    ['null target users', { ...valid, targetUsers: null }, M.targetRequired],
    ['empty target users', { ...valid, targetUsers: '' }, M.targetRequired],
    ['an unknown role string', { ...valid, targetUsers: 'moderator' }, M.targetStringInvalid],
    ['an empty id list', { ...valid, targetUsers: [] }, M.targetListEmpty],
    ['ids that are not strings', { ...valid, targetUsers: ['u1', 7] }, M.targetIdsNotStrings],
    ['a number as target', { ...valid, targetUsers: 5 }, M.targetInvalid],
    ['an object as target', { ...valid, targetUsers: { role: 'buyer' } }, M.targetInvalid],
    ['an unparseable expiry', { ...valid, expiresAt: 'next tuesday' }, M.expiresInvalid],
    ['an impossible date', { ...valid, expiresAt: '2026-02-30' }, M.expiresInvalid],
    ['a non-finite expiry', { ...valid, expiresAt: Number.NaN }, M.expiresInvalid],
    ['an expiry of the wrong type', { ...valid, expiresAt: true }, M.expiresInvalid],
  ])('rejects %s', (_name, record, message) => {
    expect(validateNotification(record)).toEqual([message]);
  });

  it('spells the messages to the letter', () => {
    expect(M.targetStringInvalid).toBe('Target users string must be one of: all, buyer, seller, both, admin');
    expect(M.statusInvalid).toBe('Valid status is required (active, draft, expired, or canceled)');
    expect(M.severityInvalid).toBe('Valid severity is required (info, success, warning, or error)');
    expect(invalidNotificationData(['Title is required', 'Message is required'])).toBe(
      'Invalid notification data: Title is required, Message is required',
    );
  });

  it('lists every problem of a record in field order, and keys them by field', () => {
    const bad = { title: '', message: '', status: 'x', severity: 'y', targetUsers: [], expiresAt: 'soon' };
    expect(validateNotification(bad)).toEqual([
      M.titleRequired,
      M.messageRequired,
      M.statusInvalid,
      M.severityInvalid,
      M.targetListEmpty,
      M.expiresInvalid,
    ]);
    expect(notificationFieldErrors(bad)).toEqual({
      title: M.titleRequired,
      message: M.messageRequired,
      status: M.statusInvalid,
      severity: M.severityInvalid,
      targetUsers: M.targetListEmpty,
      expiresAt: M.expiresInvalid,
    });
  });

  it.each([undefined, null, ''])('treats an expiry of %j as none', (expiresAt) => {
    expect(validateNotification({ ...valid, expiresAt })).toEqual([]);
  });
});

describe('buildExpiresAt (date plus optional time)', () => {
  it.each<[string, string | undefined, number, number | null]>([
    ['2026-12-01', undefined, 0, Date.UTC(2026, 11, 1, 23, 59, 59)],
    ['2026-12-01', '', 0, Date.UTC(2026, 11, 1, 23, 59, 59)],
    ['2026-12-01', '08:30', 0, Date.UTC(2026, 11, 1, 8, 30, 0)],
    ['2026-12-01', '08:30:15', 0, Date.UTC(2026, 11, 1, 8, 30, 15)],
    // UTC+2 (offset -120): 08:30 local is 06:30 UTC.
    ['2026-12-01', '08:30', -120, Date.UTC(2026, 11, 1, 6, 30, 0)],
    // UTC-5 (offset 300): the default end of day is 04:59:59 UTC the next day.
    ['2026-12-01', undefined, 300, Date.UTC(2026, 11, 2, 4, 59, 59)],
    ['2028-02-29', '12:00', 0, Date.UTC(2028, 1, 29, 12, 0, 0)],
    ['2026-02-29', '12:00', 0, null],
    ['2026-13-01', undefined, 0, null],
    ['2026-12-00', undefined, 0, null],
    ['01/12/2026', undefined, 0, null],
    ['2026-12-01', '24:00', 0, null],
    ['2026-12-01', '10:60', 0, null],
    ['2026-12-01', '10:00:60', 0, null],
    ['2026-12-01', 'noon', 0, null],
    ['', undefined, 0, null],
  ])('%s + %s (offset %i) gives %s', (date, time, offset, expected) => {
    expect(buildExpiresAt(date, time, offset)).toBe(expected);
  });
});

describe('parseExpiresAt', () => {
  it.each<[unknown, number | null]>([
    [1_800_000_000_000, 1_800_000_000_000],
    ['2026-12-01T10:00:00.000Z', Date.UTC(2026, 11, 1, 10)],
    ['2026-12-01', Date.UTC(2026, 11, 1, 23, 59, 59)],
    ['garbage', null],
    [Number.POSITIVE_INFINITY, null],
    [1.5, null],
    [1e300, null],
    [8_640_000_000_000_001, null],
    [8_640_000_000_000_000, 8_640_000_000_000_000],
    [null, null],
    [{}, null],
  ])('%j gives %s', (value, expected) => {
    expect(parseExpiresAt(value)).toBe(expected);
  });
});

describe('statusForExpiry (an expiry already past forces expired)', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it.each<[Parameters<typeof statusForExpiry>[0], number | null, string]>([
    ['active', null, 'active'],
    ['active', now + 1, 'active'],
    ['active', now, 'expired'],
    ['active', now - 1, 'expired'],
    ['draft', now - 1, 'expired'],
    ['canceled', now - 1, 'expired'],
    ['draft', now + 60_000, 'draft'],
  ])('%s with expiry %s is %s', (status, expiresAt, expected) => {
    expect(statusForExpiry(status, expiresAt, now)).toBe(expected);
  });
});
