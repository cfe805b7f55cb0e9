import { sql, type SelectQueryBuilder } from 'kysely';
import { tooManyRequests } from './app-error';

/** How many rows a sliding window holds, and when the oldest of them was made. */
export interface MadeInWindow {
  count: number;
  oldest: number;
}

/** The rows a query matches (one table, filtered to the window by its `created_at`): counted, with the oldest's time. */
export async function madeInWindow<DB, TB extends keyof DB>(
  rows: SelectQueryBuilder<DB, TB, object>,
): Promise<MadeInWindow> {
  // Kysely cannot name a generic query's selection: the two columns are the ones selected here.
  const row = (await rows
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`min(created_at)`.as('oldest')])
    .executeTakeFirstOrThrow()) as { n: number | string; oldest: number | string | null };
  return { count: Number(row.n), oldest: Number(row.oldest) };
}

/**
 * A sliding-window allowance: with `max` already made in the last `windowMs`, a 429 whose message says how long until
 * the oldest leaves the window and frees its place.
 */
export function refuseWhenWindowFull(
  made: MadeInWindow,
  limit: { max: number; windowMs: number },
  now: number,
  message: (waitMs: number) => string,
) {
  if (made.count >= limit.max) throw tooManyRequests(message(made.oldest + limit.windowMs - now));
}
