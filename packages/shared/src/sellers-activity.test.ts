import { describe, expect, it } from 'vitest';
import { formatActiveDay, lastActiveDay } from './sellers';

const DAY = 24 * 60 * 60 * 1000;
const now = 20_000 * DAY + 15 * 60 * 60 * 1000;

describe('formatActiveDay', () => {
  it.each([
    [now - 60_000, 'Active today'],
    [now - DAY, 'Active yesterday'],
    [now - 3 * DAY, 'Active 3 days ago'],
    [now - 45 * DAY, 'Active over a month ago'],
  ])('%d → %s', (moment, text) => {
    expect(formatActiveDay(lastActiveDay(moment), now)).toBe(text);
  });
});
