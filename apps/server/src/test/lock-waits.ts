import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';

/**
 * Whether a statement of the test's database waits for a lock another transaction holds (PostgreSQL), its text like
 * `query` when given: how a race test knows the other side is held back.
 */
export async function someoneWaitsOnLock(db: Database, query = '%') {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like ${query}`.execute(db);
  return rows[0]!.n > 0;
}

/** Until a statement waits for a lock (its text like `query`), or `work`, when given, has settled. */
export async function untilLockWaitOr(db: Database, work?: Promise<unknown>, query = '%') {
  let settled = false;
  void work?.finally(() => (settled = true)).catch(() => undefined);
  while (!settled && !(await someoneWaitsOnLock(db, query))) await sleep(20);
}
