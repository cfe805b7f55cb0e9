import { describe, expect, it } from 'vitest';
import { removesLastAdmin, isPartyTo, isSelfAction } from './admin-rules';
import { userState } from './admin-users';
import { statusAfterUnhide } from './admin-listings';
import { utcCalendarStarts } from './admin-dashboard';
import { reviewInputSchema } from './admin-reports';
import { ADMIN_MESSAGES } from './admin-messages';

describe('removesLastAdmin', () => {
  it.each([
    [['a'], 'a', true],
    [['a', 'b'], 'a', false],
    [['a', 'b'], 'c', false],
    [[], 'a', false],
    [['b'], 'a', false],
  ] as const)('active admins %j, target %s → %s', (admins, target, expected) => {
    expect(removesLastAdmin(admins, target)).toBe(expected);
  });
  it('knows a self action', () => {
    expect(isSelfAction('a', 'a')).toBe(true);
    expect(isSelfAction('a', 'b')).toBe(false);
  });
  it.each([
    ['a', ['a', 'b'], true],
    ['b', ['a', 'b'], true],
    ['c', ['a', 'b'], false],
    ['a', [], false],
  ] as const)('actor %s, parties %j → party %s', (actor, parties, expected) => {
    expect(isPartyTo(actor, parties)).toBe(expected);
  });
});

describe('userState', () => {
  it.each([
    [false, null, 'active'],
    [true, null, 'disabled'],
    [false, 'unresolved', 'deleted'],
    [true, 'unresolved', 'deleted'],
    [false, 'resolved', 'active'],
    [true, 'resolved', 'disabled'],
  ] as const)('disabled=%s, deleted status %s → %s', (disabled, deletedStatus, expected) => {
    expect(userState({ disabled, deletedStatus })).toBe(expected);
  });
});

describe('statusAfterUnhide', () => {
  it.each([
    ['active', 'active'],
    ['reserved', 'reserved'],
    ['sold', 'sold'],
    ['draft', 'draft'],
    [null, 'draft'],
    [undefined, 'draft'],
    ['hidden', 'draft'],
    ['archived', 'draft'],
  ] as const)('%s → %s', (before, expected) => {
    expect(statusAfterUnhide(before)).toBe(expected);
  });
});

describe('utcCalendarStarts', () => {
  it.each([
    [Date.UTC(2026, 10, 25, 12), Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 1)], // Wednesday
    [Date.UTC(2026, 10, 23, 0), Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 1)], // Monday midnight
    [Date.UTC(2026, 10, 29, 23, 59), Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 1)], // Sunday night
    [Date.UTC(2027, 0, 1, 8), Date.UTC(2026, 11, 28), Date.UTC(2027, 0, 1)], // week starts in the previous year
  ])('%i → week %i, month %i', (now, week, month) => {
    expect(utcCalendarStarts(now)).toEqual({ weekStart: week, monthStart: month });
  });
});

describe('reviewInputSchema', () => {
  it.each([
    [{ status: 'resolved' }, true],
    [{ note: 'Checked.' }, true],
    [{ status: 'open', note: '' }, true],
    [{}, false],
    [{ status: 'closed' }, false],
    [{ status: 'open', extra: 1 }, false],
  ])('%j valid=%s', (input, ok) => {
    expect(reviewInputSchema.safeParse(input).success).toBe(ok);
  });
  it('asks for a change when nothing is given', () => {
    const r = reviewInputSchema.safeParse({});
    expect(r.success ? null : r.error.issues[0].message).toBe(ADMIN_MESSAGES.nothingToUpdate);
  });
});
