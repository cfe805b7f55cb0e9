import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app';
import type { TableWrites } from '../db/change-tracking';
import type { WriteKeys } from '../db/write-keys';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache';

/** The keys a change clears, or null for every key. */
export type ClearedKeys = ReadonlySet<string> | null;
/** Which keys a committed write clears: some, all (null), or none (undefined: it changes nothing kept). */
export type KeysCleared = (writes: TableWrites, keys: WriteKeys) => ClearedKeys | undefined;

/** The most keys one announcement names; past it, it clears every key (a NOTIFY carries at most 8,000 bytes). */
const MAX_ANNOUNCED_KEYS = 100;

const union = (a: ClearedKeys | undefined, b: ClearedKeys): ClearedKeys =>
  a === undefined ? b : a === null || b === null ? null : new Set([...a, ...b]);

/** The keys an announcement names, or null (every key) when it names none or something else. */
function announcedKeys(data: { keys?: unknown }): ClearedKeys {
  const keys = data.keys;
  return Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? new Set(keys as string[]) : null;
}

/**
 * Calls `clear` with the keys every committed write clears (`keysOf`), in this process at once
 * (db/change-tracking.ts) and in every other process on the same database through the bus (decisions 145, 157). A
 * bus that lost events clears every key. One announcement is in flight at a time, with one more after it naming the
 * keys of the writes that came meanwhile: a burst of writes costs two NOTIFYs, and the last write is always announced
 * after it committed. It stops when the app closes.
 */
export function invalidateKeysOnWrites(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log' | 'onClose'>,
  name: string,
  keysOf: KeysCleared,
  clear: (keys: ClearedKeys) => void,
) {
  const type = `${name}.changed`;
  const origin = randomUUID();
  let publishing = false;
  let next: ClearedKeys | undefined;
  const announce = (keys: ClearedKeys) => {
    if (publishing) {
      next = union(next, keys);
      return;
    }
    publishing = true;
    const named = keys && keys.size <= MAX_ANNOUNCED_KEYS ? { keys: [...keys] } : {};
    deps.bus
      // The empty audience reaches no browser: only server processes listen for this.
      .publish({ audience: {}, type, data: { origin, ...named } })
      .catch((err: unknown) => deps.log.warn({ err, name }, 'a change was not announced; other processes age it out'))
      .finally(() => {
        publishing = false;
        if (next !== undefined) {
          const after = next;
          next = undefined;
          announce(after);
        }
      });
  };
  const stopWrites = deps.db.writes.onWrite((writes, writeKeys) => {
    const keys = keysOf(writes, writeKeys);
    if (keys === undefined) return;
    clear(keys);
    announce(keys);
  });
  const stopBus = deps.bus.subscribe((event) => {
    const data = (event.data ?? {}) as { origin?: unknown; keys?: unknown };
    if (event.type === type && data.origin !== origin) clear(announcedKeys(data));
  });
  const stopResync = deps.bus.onResync(() => clear(null));
  deps.onClose.push(async () => {
    stopWrites();
    stopBus();
    stopResync();
  });
}

/** Calls `clear` after every committed write `matches` accepts, here and in every other process (decision 145). */
export function invalidateOnWrites(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log' | 'onClose'>,
  name: string,
  matches: (writes: TableWrites) => boolean,
  clear: () => void,
) {
  invalidateKeysOnWrites(deps, name, (writes) => (matches(writes) ? null : undefined), clear);
}

type CacheDeps = Pick<AppDeps, 'db' | 'bus' | 'log' | 'onClose'>;

/** One `VersionedCache` per app, created on first use and invalidated by `invalidateOnWrites` under `name`. */
export function versionedCachePerApp<T>(
  name: string,
  matches: (writes: TableWrites) => boolean,
  options: VersionedCacheOptions,
): (deps: CacheDeps) => VersionedCache<T> {
  return keyedCachePerApp(name, (writes) => (matches(writes) ? null : undefined), options);
}

/** The cache key of one of a key's several entries (a member's facts for one listing), cleared with the key. */
export const entryOfKey = (key: string, part: string) => `${key}\n${part}`;

/**
 * The same, with only the keys each write clears (`keysOf`) forgotten, here and in the other processes. With
 * `entriesPerKey: 'many'` the cache's keys are `entryOfKey(key, part)`, and a cleared key forgets all its entries.
 */
export function keyedCachePerApp<T>(
  name: string,
  keysOf: KeysCleared,
  options: VersionedCacheOptions & { entriesPerKey?: 'one' | 'many' },
): (deps: CacheDeps) => VersionedCache<T> {
  const caches = new WeakMap<object, VersionedCache<T>>();
  const forget =
    options.entriesPerKey === 'many'
      ? (cache: VersionedCache<T>, key: string) => cache.invalidateKeysStartingWith(entryOfKey(key, ''))
      : (cache: VersionedCache<T>, key: string) => cache.invalidateKey(key);
  return (deps) => {
    let cache = caches.get(deps);
    if (!cache) {
      const created = new VersionedCache<T>(options);
      invalidateKeysOnWrites(deps, name, keysOf, (keys) => {
        if (keys === null) created.invalidate();
        else for (const key of keys) forget(created, key);
      });
      caches.set(deps, (cache = created));
    }
    return cache;
  };
}

/**
 * Whether a write changed the listings table beyond its favorite count, which no cached reply shows (a listing's
 * seller reads it fresh): a member toggling favorites must not empty every visitor's catalogue and seller cards.
 */
export function changesListings(writes: TableWrites) {
  const listings = writes.get('listings');
  if (listings === undefined) return false;
  return listings === null || [...listings].some((column) => column !== 'favorite_count');
}

/** Whether a write changed the users table beyond the activity stamp every signed-in request writes. */
export function changesUsers(writes: TableWrites) {
  const users = writes.get('users');
  if (users === undefined) return false;
  return users === null || [...users].some((column) => column !== 'last_active');
}
