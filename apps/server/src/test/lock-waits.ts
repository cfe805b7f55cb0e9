import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';

/**
 * Whether a statement of the test's schema waits for a lock another transaction holds (PostgreSQL), its text like
 * `query` when given: how a race test knows the other side is held back. The other test worker's files share the
 * database in schemas of their own, so a wait counts only where the waiter or a transaction it waits for holds a lock
 * on a table of this schema (a wait on a named lock holds none itself, but the transaction it waits for does).
 */
export async function someoneWaitsOnLock(db: Database, query = '%') {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity a
    where a.datname = current_database() and a.wait_event_type = 'Lock' and a.query like ${query}
      and exists (
        select 1 from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = any(array_append(pg_blocking_pids(a.pid), a.pid))
          and c.relnamespace = current_schema()::regnamespace
      )`.execute(db);
  return rows[0]!.n > 0;
}

/** Until a statement waits for a lock (its text like `query`), or `work`, when given, has settled. */
export async function untilLockWaitOr(db: Database, work?: Promise<unknown>, query = '%') {
  let settled = false;
  void work?.finally(() => (settled = true)).catch(() => undefined);
  while (!settled && !(await someoneWaitsOnLock(db, query))) await sleep(20);
}
