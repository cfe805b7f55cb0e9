import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  SAVED_SEARCH_ALERT_HOURS,
  browsePagePath,
  canonicalSearch,
  savedSearchLabel,
} from '@accountry/shared/saved-searches';
import type { BrowseFilters } from '@accountry/shared/listing-browse';
import type { AppDeps } from '../../app';
import type { Selectable } from 'kysely';
import type { SavedSearchesTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { unsubscribeLinks } from '../../email/unsubscribe-links';
import { startPeriodicTask } from '../../lib/periodic-task';
import { pastKeyset } from '../../lib/walk-in-batches';
import { newestMatching } from '../listings/listings.service';
import { newListingsMail } from './saved-search-alerts';
import { HOUR_MS } from '@accountry/shared/durations';

const EVERY_MS = SAVED_SEARCH_ALERT_HOURS * HOUR_MS;
/** Searches read at a time; the event loop gets a turn between batches. */
const BATCH = 100;
/** Listings named in one mail; one more is read to know whether there were more. */
const SHOWN = 5;

/** One sweep's time, and the newest publication per canonical query, asked once a sweep however many saved it. */
interface Sweep {
  now: number;
  newest: Map<string, Promise<number>>;
}

/**
 * Mail each saved search's new listings (decision 167): every search not checked for an hour is run for the newest
 * live listings, those published since it was last checked (and not the member's own) go in one mail. One sweep works
 * through every due search, a batch at a time. A search whose query has nothing published since it was checked (one
 * query per distinct search a sweep) is moved on with the others of its batch; the rest are claimed one by one by a
 * conditional update of `checked_at` in the transaction that queues the mail, so several processes send each alert
 * once.
 */
export async function sendSavedSearchAlerts(deps: AppDeps): Promise<number> {
  const sweep: Sweep = { now: deps.clock.now(), newest: new Map() };
  let mailed = 0;
  // Read past each search read (decision 241): one that stays due (its writes refused) holds back none after it.
  let last: Pick<SavedSearchesTable, 'checkedAt' | 'id'> | undefined;
  for (;;) {
    const due = await deps.db.db
      .selectFrom('savedSearches')
      .selectAll()
      .where('alerts', '=', true)
      .where('checkedAt', '<=', sweep.now - EVERY_MS)
      .$if(last !== undefined, (q) => q.where(pastKeyset('checkedAt', 'id', [last!.checkedAt, last!.id])))
      .orderBy('checkedAt')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    mailed += await alertBatch(deps, due, sweep);
    if (due.length < BATCH) return mailed;
    last = due[due.length - 1];
    await nextTurn();
  }
}

/** One batch: mailed searches one by one, those with nothing new (or no longer valid) moved on together. */
async function alertBatch(deps: AppDeps, due: Array<Selectable<SavedSearchesTable>>, sweep: Sweep) {
  const quiet: string[] = [];
  let mailed = 0;
  for (const s of due) {
    try {
      const canonical = canonicalSearch(Object.fromEntries(new URLSearchParams(s.query)));
      if ('error' in canonical || (await newestPublished(deps, sweep, canonical)) <= s.checkedAt) quiet.push(s.id);
      else if (await alertOne(deps, s, canonical.filters, sweep.now)) mailed++;
    } catch (err) {
      // One search that fails must not hold up the others (it would be first in every later sweep): move it on.
      deps.log.warn({ err, savedSearchId: s.id }, 'saved search alert failed');
      await moveOn(deps, [s.id], sweep.now).catch((e: unknown) => notMovedOn(deps, e, s.id));
    }
  }
  if (quiet.length === 0) return mailed;
  try {
    await moveOn(deps, quiet, sweep.now);
  } catch {
    // One row refused fails them all: each on its own then, so only that one stays due.
    for (const id of quiet) await moveOn(deps, [id], sweep.now).catch((err: unknown) => notMovedOn(deps, err, id));
  }
  return mailed;
}

/** When the newest live listing matching the search was published (0: none), asked once per canonical query a sweep. */
function newestPublished(deps: AppDeps, sweep: Sweep, search: { filters: BrowseFilters; query: string }) {
  let newest = sweep.newest.get(search.query);
  if (!newest) {
    newest = newestMatching(deps, search.filters, { limit: 1, publishedBy: sweep.now }).then(
      (l) => l[0]?.publishedAt ?? 0,
    );
    sweep.newest.set(search.query, newest);
  }
  return newest;
}

/** One search with something new: its new listings in one mail, claimed with the move of `checked_at`. */
async function alertOne(deps: AppDeps, s: Selectable<SavedSearchesTable>, filters: BrowseFilters, now: number) {
  // Published in (checked_at, now]: one published later is the next sweep's, whose window starts at this `now`.
  const newest = await newestMatching(deps, filters, { limit: SHOWN + 1, publishedBy: now, memberId: s.userId });
  const found = newest.filter((l) => (l.publishedAt ?? 0) > s.checkedAt);
  return deps.db.db.transaction().execute(async (trx) => {
    // Alerts turned off since the batch was read: the claim fails and nothing is mailed.
    const claimed = await trx
      .updateTable('savedSearches')
      .set({ checkedAt: now })
      .where('id', '=', s.id)
      .where('checkedAt', '=', s.checkedAt)
      .where('alerts', '=', true)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || found.length === 0) return false;
    const search = { label: savedSearchLabel(filters), path: browsePagePath(filters) };
    const shown = found.slice(0, SHOWN);
    const url = deps.config.publicUrl;
    const unsubscribe = unsubscribeLinks(deps)({ userId: s.userId, topic: 'savedSearch', savedSearchId: s.id });
    const build = (to: { email: string }) =>
      newListingsMail(url, to.email, search, shown, found.length > SHOWN, unsubscribe);
    // A disabled member's search moves on without a mail.
    return queueMailToUser(trx, s.userId, build, now, { activeOnly: true });
  });
}

/** Alert every interval until the app closes (0: never, tests alert by hand). */
export function startSavedSearchAlerts(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  return startPeriodicTask(intervalMs, () => sendSavedSearchAlerts(deps), onError);
}

/** Mark searches checked at the sweep's time, those still due (another process may have moved them on). */
function moveOn(deps: AppDeps, ids: string[], now: number) {
  return deps.db.db
    .updateTable('savedSearches')
    .set({ checkedAt: now })
    .where('id', 'in', ids)
    .where('checkedAt', '<=', now - EVERY_MS)
    .execute();
}

const notMovedOn = (deps: AppDeps, err: unknown, savedSearchId: string) =>
  deps.log.warn({ err, savedSearchId }, 'saved search could not be moved on; retried next sweep');
