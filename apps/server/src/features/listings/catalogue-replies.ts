import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import { ReplyCache } from '../../lib/reply-cache';

/** Bus event telling every other server process that the catalogue changed; its empty audience reaches no browser. */
const CATALOGUE_CHANGED = 'listings.catalogue-changed';

/** Whether a committed write can change what an anonymous browse page or home section shows. */
export function changesCatalogue(writes: TableWrites) {
  if (writes.has('listings') || writes.has('listing_images')) return true;
  const users = writes.get('users');
  // Cards carry the seller's name; the activity stamp written on every signed-in request changes nothing shown.
  if (users === undefined) return false;
  return users === null || [...users].some((column) => column !== 'last_active');
}

/**
 * Anonymous browse, search and home replies, kept until the catalogue changes (decision 145). Every committed write
 * through the database handle is seen here (db/change-tracking.ts), so no writer has to remember to invalidate;
 * other processes on the same PostgreSQL database hear about it over the bus, and a lost bus connection clears it.
 */
export function catalogueReplies(deps: Pick<AppDeps, 'db' | 'bus' | 'onClose' | 'log'>) {
  const cache = new ReplyCache();
  const origin = randomUUID();
  let publishing = false;
  let again = false;
  // One event in flight at a time, and one more after it if the catalogue changed meanwhile: a burst of writes costs
  // two NOTIFYs, and the last write is always announced after it committed.
  const announce = () => {
    if (publishing) {
      again = true;
      return;
    }
    publishing = true;
    deps.bus
      .publish({ audience: {}, type: CATALOGUE_CHANGED, data: { origin } })
      .catch((err: unknown) => deps.log.warn({ err }, 'catalogue change not announced; other processes expire theirs'))
      .finally(() => {
        publishing = false;
        if (again) {
          again = false;
          announce();
        }
      });
  };
  const stopWrites = deps.db.writes.onWrite((writes) => {
    if (!changesCatalogue(writes)) return;
    cache.invalidate();
    announce();
  });
  const stopBus = deps.bus.subscribe((event) => {
    if (event.type !== CATALOGUE_CHANGED) return;
    if ((event.data as { origin?: unknown } | null)?.origin !== origin) cache.invalidate();
  });
  const stopResync = deps.bus.onResync(() => cache.invalidate());
  deps.onClose.push(async () => {
    stopWrites();
    stopBus();
    stopResync();
  });
  return cache;
}
