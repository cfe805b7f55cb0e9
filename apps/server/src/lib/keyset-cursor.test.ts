import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { decodeCursor, encodeCursor, INT32_MAX } from './keyset-cursor';

describe('keyset cursor', () => {
  it('round-trips a position', () => {
    expect(decodeCursor(encodeCursor(1_764_000_000_123, 'Ab_9-xY'))).toEqual([1_764_000_000_123, 'Ab_9-xY']);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it('answers anything else with a 400 naming the cursor, in the caller’s words', () => {
    const old = Buffer.from('1764000000123.abc').toString('base64url');
    // An id with a NUL (PostgreSQL refuses it in text: a 500 before) or another control character.
    const control = [encodeCursor(1, 'a\u0000b'), encodeCursor(1, 'a\nb')];
    for (const bad of ['abc', '12.a', old, encodeCursor(1.5, 'x'), encodeCursor(INT32_MAX + 1, 'x'), ...control]) {
      let err: unknown;
      try {
        decodeCursor(bad, INT32_MAX, 'Invalid page cursor');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
      expect((err as AppError).fields).toEqual({ cursor: 'Invalid page cursor' });
    }
  });
});
