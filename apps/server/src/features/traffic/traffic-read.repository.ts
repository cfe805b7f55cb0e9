import type { Database } from '../../db/database';
import type { DimensionKind } from './traffic-batch';

/** Reads for the statistics: every query is a range over the day-keyed primary keys. */

export async function sumPageViews(db: Database, from: string, to: string) {
  const row = await db
    .selectFrom('trafficDays')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('totalPageViews'), eb.lit(0)).as('n'))
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function dailyPageViews(db: Database, from: string, to: string) {
  return db
    .selectFrom('trafficDays')
    .select(['day', 'totalPageViews'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

export function dailyVisitorCounts(db: Database, from: string, to: string) {
  return db
    .selectFrom('trafficVisitors')
    .select((eb) => ['day', eb.fn.countAll<number>().as('n')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
}

/** Visitors deduplicated across the days of the range. */
export async function countUniqueVisitors(db: Database, from: string, to: string) {
  const row = await db
    .selectFrom('trafficVisitors')
    .select((eb) => eb.fn.count<number>('visitorId').distinct().as('n'))
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The most viewed pages, each with the number of distinct pages in the range (one pass, window count). */
export function topPages(db: Database, from: string, to: string, limit: number) {
  return db
    .selectFrom('trafficPaths')
    .select((eb) => [
      'pathKey',
      eb.fn.max('rawPath').as('rawPath'),
      eb.fn.sum<number>('views').as('views'),
      eb.fn.countAll<number>().over().as('pageCount'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('pathKey')
    .orderBy('views', 'desc')
    .orderBy('pathKey')
    .limit(limit)
    .execute();
}

export function topDimension(db: Database, kind: DimensionKind, from: string, to: string, limit: number) {
  return db
    .selectFrom('trafficDimensions')
    .select((eb) => ['value', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('kind', '=', kind)
    .groupBy('value')
    .orderBy('views', 'desc')
    .orderBy('value')
    .limit(limit)
    .execute();
}

export function hourlyViews(db: Database, day: string) {
  return db.selectFrom('trafficHours').select(['hour', 'views']).where('day', '=', day).execute();
}

/** Sessions started in [start, end): how many, and the mean duration of those that ended. */
export async function sessionSummary(db: Database, start: number, end: number) {
  const row = await db
    .selectFrom('trafficSessions')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.avg<number | null>('duration').as('avgDuration')])
    .where('startTime', '>=', start)
    .where('startTime', '<', end)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), averageDuration: row?.avgDuration == null ? null : Number(row.avgDuration) };
}

export async function countActiveSessions(db: Database, since: number) {
  const row = await db
    .selectFrom('trafficSessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isActive', '=', true)
    .where('lastActive', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Keys already stored for a day, so the per-day caps count what exists (bounded by the caps themselves). */
export async function storedKeysForDay(db: Database, day: string) {
  const [paths, referrers] = await Promise.all([
    db.selectFrom('trafficPaths').select('pathKey').where('day', '=', day).execute(),
    db.selectFrom('trafficDimensions').select('value').where('day', '=', day).where('kind', '=', 'referrer').execute(),
  ]);
  return { paths: paths.map((r) => r.pathKey), referrers: referrers.map((r) => r.value) };
}
