import { describe, expect, it } from 'vitest';
import { newId, newTimeOrderedId } from './ids';

describe('newTimeOrderedId', () => {
  it('is as long as newId, URL-safe, and differs for the same millisecond', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0, 123);
    const ids = Array.from({ length: 1000 }, () => newTimeOrderedId(now));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(id.length).toBe(newId().length);
      expect(id.slice(0, 8)).toBe(ids[0].slice(0, 8));
    }
  });

  it('sorts by creation time in byte order, across every digit of the prefix', () => {
    const times = [0, 1, 63, 64, 65, 4095, 4096, Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2400, 0, 1)];
    const ids = times.map((t) => newTimeOrderedId(t));
    const byBytes = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(byBytes).toEqual(ids);
  });
});
