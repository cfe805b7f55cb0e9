import { describe, expect, it } from 'vitest';
import { tryAgainIn } from './try-again';

describe('tryAgainIn', () => {
  it('says minutes under an hour and whole hours after, rounded up', () => {
    expect(tryAgainIn(0)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(61_000)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(59 * 60_000)).toBe('Try again in 59 minutes.');
    expect(tryAgainIn(60 * 60_000)).toBe('Try again in 1 hour.');
    expect(tryAgainIn(5 * 3_600_000 + 60_000)).toBe('Try again in 6 hours.');
  });
});
