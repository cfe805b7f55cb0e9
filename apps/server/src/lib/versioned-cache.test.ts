import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

/** A build the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('VersionedCache (decision 145)', () => {
  it('builds a missing value once for callers asking together, then answers from memory', async () => {
    const cache = new VersionedCache<string>();
    let builds = 0;
    const build = async () => `page ${++builds}`;
    expect(await Promise.all([cache.get('k', build), cache.get('k', build)])).toEqual(['page 1', 'page 1']);
    expect(await cache.get('k', build)).toBe('page 1');
    expect(builds).toBe(1);
  });

  it('returns but never stores a value whose build an invalidation overtook', async () => {
    const cache = new VersionedCache<string>();
    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    cache.invalidate();
    slow.resolve('before the change');
    expect(await pending).toBe('before the change');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('forgets one key, and a build of it under way, keeping the other keys', async () => {
    const cache = new VersionedCache<string>();
    await cache.get('other', async () => 'kept');
    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    cache.invalidateKey('k');
    slow.resolve('before the change');
    expect(await pending).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
    cache.invalidateKey('k');
    expect(await cache.get('other', async () => 'rebuilt')).toBe('kept');
    expect(await cache.get('k', async () => 'again')).toBe('again');
  });

  it('forgets the keys beginning with a prefix, and builds of them under way, keeping the others', async () => {
    const cache = new VersionedCache<string>();
    await cache.get('a\n1', async () => 'a1');
    await cache.get('ab\n1', async () => 'kept');
    const slow = deferred<string>();
    const pending = cache.get('a\n2', () => slow.promise);
    cache.invalidateKeysStartingWith('a\n');
    slow.resolve('before the change');
    expect(await pending).toBe('before the change');
    expect(await cache.get('a\n1', async () => 'after')).toBe('after');
    expect(await cache.get('a\n2', async () => 'after')).toBe('after');
    expect(await cache.get('ab\n1', async () => 'rebuilt')).toBe('kept');
  });

  it('does not store a value made of data read before an invalidation, whenever its own build began', async () => {
    const cache = new VersionedCache<string>();
    const since = cache.version;
    // The data was read here, then a write invalidated, then the value is built from what was read.
    cache.invalidate();
    expect(await cache.get('k', async () => 'outdated', since)).toBe('outdated');
    expect(cache.size).toBe(0);
    const now = cache.version;
    expect(await cache.get('k', async () => 'current', now)).toBe('current');
    expect(await cache.get('k', async () => 'never built')).toBe('current');
  });

  it('keeps at most maxEntries, dropping the least recently used, and rebuilds after maxAgeMs', async () => {
    let now = 0;
    const cache = new VersionedCache<string>({ maxEntries: 2, maxAgeMs: 1_000, now: () => now });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'unused'); // a is now the most recently used
    await cache.get('c', async () => 'c1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    now = 1_000;
    expect(await cache.get('c', async () => 'c2')).toBe('c2');
  });
});
