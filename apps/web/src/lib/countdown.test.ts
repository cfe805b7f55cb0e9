import { describe, expect, it } from 'vitest';
import { countdownTick, formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [-5000, 'any moment now'],
    [0, 'any moment now'],
    [1, '1 s'],
    [999, '1 s'],
    [59_000, '59 s'],
    [60_000, '1 min'],
    [61_000, '1 min 1 s'],
    [3_600_000, '1 h'],
    [3_660_000, '1 h 1 min'],
    [3_600_000 * 23 + 59 * 60_000 + 59_000, '23 h 59 min'],
    [86_400_000, '1 day'],
    [86_400_000 + 3_600_000 * 4, '1 day 4 h'],
    [86_400_000 * 14, '14 days'],
    [86_400_000 * 3 + 3_600_000 * 5 + 60_000 * 30, '3 days 5 h'],
  ])('%i ms left reads "%s"', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('countdownTick', () => {
  it('redraws every second in the last hour and every 30 seconds before', () => {
    expect(countdownTick(3_600_000)).toBe(1000);
    expect(countdownTick(10_000)).toBe(1000);
    expect(countdownTick(3_600_001)).toBe(30_000);
  });
});
