import type { AppDeps } from '../../app';
import type { TableWrites } from '../../db/change-tracking';
import type { WriteKeys } from '../../db/write-keys';
import { keyedCachePerApp, type ClearedKeys } from '../../lib/invalidate-on-writes';
import { memberFavoriteIds, readFavoriteIdsAmong } from './listings.repository';

/**
 * Whose favorite ids a committed write can change: the members it names, everyone (null) when it could touch any
 * member's rows, nobody (undefined) when it only noted a price-drop mail (decision 157).
 */
export function favoritesChangedFor(writes: TableWrites, keys: WriteKeys): ClearedKeys | undefined {
  const columns = writes.get('favorites');
  if (columns === undefined || (columns !== null && [...columns].every((c) => c === 'price_mailed_cents')))
    return undefined;
  return keys.get('favorites') ?? null;
}

/** Members kept, each with the ids of their favorites: at most 5,000 × 100 ids, a few tens of megabytes. */
const MAX_MEMBERS = 5_000;
/** A member with more favorites than this is not kept: their pages ask the database which cards are favorites. */
export const MAX_KEPT_FAVORITES = 100;

/** A member's favorite listing ids, or null when they have more than are kept. */
const cacheFor = keyedCachePerApp<ReadonlySet<string> | null>('listings.member-favorites', favoritesChangedFor, {
  maxEntries: MAX_MEMBERS,
});

/**
 * Which of these listings the member keeps among their favorites, from their favorites kept in memory until a
 * committed write to the member's favorites here or in another process (decision 157): every signed-in browse, search
 * and home page asks this, and a member's favorites change far less often than they open pages.
 */
export async function favoriteIdsAmongCached(
  deps: Pick<AppDeps, 'db' | 'bus' | 'onClose' | 'log'>,
  userId: string,
  listingIds: string[],
): Promise<Set<string>> {
  const favorites = await cacheFor(deps).get(userId, async () => {
    const ids = await memberFavoriteIds(deps.db.db, userId, MAX_KEPT_FAVORITES + 1);
    return ids.length > MAX_KEPT_FAVORITES ? null : new Set(ids);
  });
  if (favorites === null) return readFavoriteIdsAmong(deps.db, { userId, listingIds });
  return new Set(listingIds.filter((id) => favorites.has(id)));
}
