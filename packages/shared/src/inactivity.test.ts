import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENTS, isIdle, latestActivity, parseActivity } from './inactivity';
import { INACTIVITY_TIMEOUT_MS, REMEMBER_ME_TIMEOUT_MS } from './constants';

const t0 = Date.UTC(2026, 10, 23, 12);

describe('inactivity rules', () => {
  it('records the activity kinds of spec section 9', () => {
    expect(ACTIVITY_EVENTS).toEqual(
      expect.arrayContaining(['mousemove', 'keydown', 'scroll', 'touchstart', 'click', 'submit']),
    );
  });

  it.each([
    ['1764000000000', 1764000000000],
    [null, null],
    ['', null],
    ['soon', null],
    ['-5', null],
    ['Infinity', null],
  ])('parses the stored value %j as %j', (raw, out) => {
    expect(parseActivity(raw)).toBe(out);
  });

  it.each([
    [[t0, t0 + 5, null], t0 + 5],
    [[null, undefined], null],
    [[t0], t0],
  ])('latest of %j is %j', (times, out) => {
    expect(latestActivity(...times)).toBe(out);
  });

  it.each([
    ['just active', 0, INACTIVITY_TIMEOUT_MS, false],
    ['one ms short of 5 h', INACTIVITY_TIMEOUT_MS - 1, INACTIVITY_TIMEOUT_MS, false],
    ['exactly 5 h', INACTIVITY_TIMEOUT_MS, INACTIVITY_TIMEOUT_MS, true],
    ['6 h without remember me', 6 * 3600_000, INACTIVITY_TIMEOUT_MS, true],
    ['6 h with remember me', 6 * 3600_000, REMEMBER_ME_TIMEOUT_MS, false],
    ['5 days with remember me', REMEMBER_ME_TIMEOUT_MS, REMEMBER_ME_TIMEOUT_MS, true],
  ])('%s → idle %s', (_name, idleFor, timeout, idle) => {
    expect(isIdle(t0, t0 + idleFor, timeout)).toBe(idle);
  });

  it('is never idle without any recorded activity', () => {
    expect(isIdle(null, t0, 1)).toBe(false);
  });
});
