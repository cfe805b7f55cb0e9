import {
  MAX_SAVED_SEARCHES,
  browsePagePath,
  SAVED_SEARCH_MESSAGES as M,
  canonicalSearch,
  savedSearchLabel,
  searchIdentity,
  type SavedSearch,
} from '@accountry/shared/saved-searches';
import type { AppDeps } from '../../app';
import type { Selectable } from 'kysely';
import type { SavedSearchesTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { withKeyLocks } from '../../db/key-lock';
import type { AuthUser } from '../../plugins/auth';
import { isUniqueViolation } from '../../db/errors';

/** The stored query, read back through the same rules (a filter that no longer validates drops out). */
export function toSavedSearch(
  row: Pick<Selectable<SavedSearchesTable>, 'id' | 'query' | 'createdAt' | 'alerts'>,
): SavedSearch {
  const canonical = canonicalSearch(Object.fromEntries(new URLSearchParams(row.query)));
  const filters = 'error' in canonical ? {} : canonical.filters;
  return {
    id: row.id,
    query: row.query,
    path: browsePagePath(filters),
    label: savedSearchLabel(filters),
    createdAt: row.createdAt,
    alerts: Boolean(row.alerts),
  };
}

export async function listSavedSearches(deps: AppDeps, user: AuthUser) {
  const rows = await deps.db.db
    .selectFrom('savedSearches')
    .select(['id', 'query', 'createdAt', 'alerts'])
    .where('userId', '=', user.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  return { items: rows.map(toSavedSearch) };
}

/**
 * Save a browse search (its filters; sort and paging do not matter for new listings). At most
 * MAX_SAVED_SEARCHES per member, counted under their lock; the same search twice is refused. Alerts start from now.
 */
export async function saveSearch(deps: AppDeps, user: AuthUser, query: string): Promise<SavedSearch> {
  const canonical = canonicalSearch(Object.fromEntries(new URLSearchParams(query)));
  if ('error' in canonical) throw badRequest(canonical.error);
  if (!canonical.query) throw badRequest(M.nothingToSave);
  const now = deps.clock.now();
  const row = { id: newId(), userId: user.id, query: canonical.query, createdAt: now, checkedAt: now };
  try {
    await withKeyLocks(deps.db.db, [`saved-searches:${user.id}`], async (trx) => {
      const kept = await trx.selectFrom('savedSearches').select('query').where('userId', '=', user.id).execute();
      // The same words in another case or spacing find the same listings: a second copy would mail them twice.
      const identity = searchIdentity(canonical.query);
      if (kept.some((k) => searchIdentity(k.query) === identity)) throw conflict(M.already);
      if (kept.length >= MAX_SAVED_SEARCHES) throw conflict(M.tooMany);
      await trx.insertInto('savedSearches').values(row).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.already);
    throw err;
  }
  return toSavedSearch({ ...row, alerts: true });
}

/** A member's saved search, or null. */
export async function savedSearchOf(deps: AppDeps, userId: string, id: string) {
  const row = await deps.db.db
    .selectFrom('savedSearches')
    .select(['id', 'query', 'createdAt', 'alerts'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? toSavedSearch(row) : null;
}

/**
 * Turn a member's saved search's alerts on or off (decision 216), from the saved searches page or a mail's
 * Unsubscribe link; on again, only listings published from now on are mailed. Null when the member has no such search.
 */
export async function setSavedSearchAlerts(deps: AppDeps, userId: string, id: string, alerts: boolean) {
  const now = deps.clock.now();
  const row = await deps.db.db
    .updateTable('savedSearches')
    .set((eb) => ({
      alerts,
      // Turned on again: from now. Left on (or off): as it was, so a repeat changes nothing.
      checkedAt: alerts
        ? eb.case().when('alerts', '=', false).then(now).else(eb.ref('checkedAt')).end()
        : eb.ref('checkedAt'),
    }))
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning(['id', 'query', 'createdAt', 'alerts'])
    .executeTakeFirst();
  return row ? toSavedSearch(row) : null;
}

export async function deleteSavedSearch(deps: AppDeps, user: AuthUser, id: string) {
  const res = await deps.db.db
    .deleteFrom('savedSearches')
    .where('id', '=', id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw notFound(M.notFound);
}
