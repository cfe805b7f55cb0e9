import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app';
import type { TableWrites } from '../db/change-tracking';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache';

/**
 * Calls `clear` after every committed write `matches` accepts, in this process at once (db/change-tracking.ts) and in
 * every other process on the same database through the bus (decision 145). A bus that lost events clears too.
 * One announcement is in flight at a time, with one more after it when writes came meanwhile: a burst of writes costs
 * two NOTIFYs, and the last write is always announced after it committed. It stops when the app closes.
 */
export function invalidateOnWrites(
  deps: Pick<AppDeps, 'db' | 'bus' | 'log' | 'onClose'>,
  name: string,
  matches: (writes: TableWrites) => boolean,
  clear: () => void,
) {
  const type = `${name}.changed`;
  const origin = randomUUID();
  let publishing = false;
  let again = false;
  const announce = () => {
    if (publishing) {
      again = true;
      return;
    }
    publishing = true;
    deps.bus
      // The empty audience reaches no browser: only server processes listen for this.
      .publish({ audience: {}, type, data: { origin } })
      .catch((err: unknown) => deps.log.warn({ err, name }, 'a change was not announced; other processes age it out'))
      .finally(() => {
        publishing = false;
        if (again) {
          again = false;
          announce();
        }
      });
  };
  const stopWrites = deps.db.writes.onWrite((writes) => {
    if (!matches(writes)) return;
    clear();
    announce();
  });
  const stopBus = deps.bus.subscribe((event) => {
    if (event.type === type && (event.data as { origin?: unknown } | null)?.origin !== origin) clear();
  });
  const stopResync = deps.bus.onResync(clear);
  deps.onClose.push(async () => {
    stopWrites();
    stopBus();
    stopResync();
  });
}

type CacheDeps = Pick<AppDeps, 'db' | 'bus' | 'log' | 'onClose'>;

/** One `VersionedCache` per app, created on first use and invalidated by `invalidateOnWrites` under `name`. */
export function versionedCachePerApp<T>(
  name: string,
  matches: (writes: TableWrites) => boolean,
  options: VersionedCacheOptions,
): (deps: CacheDeps) => VersionedCache<T> {
  const caches = new WeakMap<object, VersionedCache<T>>();
  return (deps) => {
    let cache = caches.get(deps);
    if (!cache) {
      const created = new VersionedCache<T>(options);
      invalidateOnWrites(deps, name, matches, () => created.invalidate());
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
