import {
  SAVED_SEARCH_ALERT_HOURS,
  browsePagePath,
  canonicalSearch,
  savedSearchLabel,
} from '@accountry/shared/saved-searches';
import type { AppDeps } from '../../app';
import type { SavedSearchesTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { startPeriodicTask } from '../../lib/periodic-task';
import { newestMatching } from '../listings/listings.service';
import { newListingsMail } from './saved-search-alerts';
import { HOUR_MS } from '@accountry/shared/durations';

const EVERY_MS = SAVED_SEARCH_ALERT_HOURS * HOUR_MS;
const BATCH = 100;
/** Listings named in one mail; one more is read to know whether there were more. */
const SHOWN = 5;

/**
 * Mail each saved search's new listings (decision 167): every search not checked for an hour is run for the newest
 * live listings, those published since it was last checked (and not the member's own) go in one mail. Each search is
 * claimed by a conditional update of `checked_at` in the transaction that queues its mail, so several processes send
 * each alert once.
 */
export async function sendSavedSearchAlerts(deps: AppDeps): Promise<number> {
  const db = deps.db.db;
  const now = deps.clock.now();
  const due = await db
    .selectFrom('savedSearches')
    .selectAll()
    .where('checkedAt', '<=', now - EVERY_MS)
    .orderBy('checkedAt')
    .limit(BATCH)
    .execute();
  let mailed = 0;
  for (const s of due) {
    try {
      if (await alertOne(deps, s, now)) mailed++;
    } catch (err) {
      // One search that fails must not hold up the others (it would be first in every later sweep): move it on.
      deps.log.warn({ err, savedSearchId: s.id }, 'saved search alert failed');
      await db.updateTable('savedSearches').set({ checkedAt: now }).where('id', '=', s.id).execute();
    }
  }
  return mailed;
}

/** One search: its new listings in one mail, claimed with the move of `checked_at`; whether a mail was queued. */
async function alertOne(deps: AppDeps, s: SavedSearchesTable, now: number) {
  const canonical = canonicalSearch(Object.fromEntries(new URLSearchParams(s.query)));
  const found =
    'error' in canonical
      ? []
      : (await newestMatching(deps, canonical.filters, SHOWN + 1, s.userId)).filter(
          (l) => (l.publishedAt ?? 0) > s.checkedAt,
        );
  return deps.db.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('savedSearches')
      .set({ checkedAt: now })
      .where('id', '=', s.id)
      .where('checkedAt', '=', s.checkedAt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || found.length === 0 || 'error' in canonical) return false;
    const search = { label: savedSearchLabel(canonical.filters), path: browsePagePath(canonical.filters) };
    const shown = found.slice(0, SHOWN);
    const url = deps.config.publicUrl;
    const build = (to: { email: string }) => newListingsMail(url, to.email, search, shown, found.length > SHOWN);
    // A disabled member's search moves on without a mail.
    return queueMailToUser(trx, s.userId, build, now, { activeOnly: true });
  });
}

/** Alert every interval until the app closes (0: never, tests alert by hand). */
export function startSavedSearchAlerts(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  return startPeriodicTask(intervalMs, () => sendSavedSearchAlerts(deps), onError);
}
