import { sql, type Transaction } from 'kysely';
import { UNKNOWN_LOCATION } from '@accountry/shared/traffic';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { DimensionKind, SessionChange, TrafficBatch } from './traffic-batch';

// Rows per statement: well under SQLite's 32766 and PostgreSQL's 65535 bound parameters.
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

// Every batch touches rows in key order, so concurrent flushes from several processes lock rows in the same order
// and cannot deadlock each other.
const sorted = <V>(map: Map<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const split = (key: string) => {
  const i = key.indexOf('|');
  return [key.slice(0, i), key.slice(i + 1)] as const;
};

/** Write a batch in one transaction: counters only ever add (`n = n + excluded.n`), visitors insert once a day. */
export async function writeTrafficBatch(db: Database, batch: TrafficBatch, now: number) {
  await db.transaction().execute(async (trx) => {
    await addDays(trx, batch, now);
    await addHours(trx, batch);
    await addPaths(trx, batch);
    await addDimensions(trx, batch);
    await addVisitors(trx, batch);
    await insertSessions(trx, batch);
    await applySessionChanges(trx, batch.sessions);
  });
}

type Trx = Transaction<DB>;

async function addDays(trx: Trx, batch: TrafficBatch, now: number) {
  const rows = sorted(batch.days).map(([day, n]) => ({ day, totalPageViews: n, createdAt: now, updatedAt: now }));
  for (const part of chunks(rows)) {
    await trx
      .insertInto('trafficDays')
      .values(part)
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({
          totalPageViews: eb('trafficDays.totalPageViews', '+', eb.ref('excluded.totalPageViews')),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      )
      .execute();
  }
}

async function addHours(trx: Trx, batch: TrafficBatch) {
  const rows = sorted(batch.hours).map(([key, views]) => {
    const [day, hour] = split(key);
    return { day, hour: Number(hour), views };
  });
  for (const part of chunks(rows)) {
    await trx
      .insertInto('trafficHours')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['day', 'hour'])
          .doUpdateSet((eb) => ({ views: eb('trafficHours.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();
  }
}

async function addPaths(trx: Trx, batch: TrafficBatch) {
  const rows = sorted(batch.paths).map(([key, p]) => {
    const [day, pathKey] = split(key);
    return { day, pathKey, rawPath: p.rawPath, views: p.views };
  });
  for (const part of chunks(rows)) {
    await trx
      .insertInto('trafficPaths')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['day', 'pathKey'])
          .doUpdateSet((eb) => ({ views: eb('trafficPaths.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();
  }
}

async function addDimensions(trx: Trx, batch: TrafficBatch) {
  const rows = sorted(batch.dimensions).map(([key, views]) => {
    const [day, rest] = split(key);
    const [kind, value] = split(rest);
    return { day, kind: kind as DimensionKind, value, views };
  });
  for (const part of chunks(rows)) {
    await trx
      .insertInto('trafficDimensions')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['day', 'kind', 'value'])
          .doUpdateSet((eb) => ({ views: eb('trafficDimensions.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();
  }
}

async function addVisitors(trx: Trx, batch: TrafficBatch) {
  const rows = [...batch.visitors].sort().map((key) => {
    const [day, visitorId] = split(key);
    return { day, visitorId };
  });
  for (const part of chunks(rows)) {
    await trx
      .insertInto('trafficVisitors')
      .values(part)
      .onConflict((oc) => oc.columns(['day', 'visitorId']).doNothing())
      .execute();
  }
}

async function insertSessions(trx: Trx, batch: TrafficBatch) {
  const rows = [...batch.starts.values()].map((s) => ({
    id: s.id,
    visitorId: s.visitorId,
    userId: s.userId,
    startTime: s.startTime,
    isActive: true,
    lastActive: s.startTime,
    pageViews: 0,
    currentPath: s.path,
    entryPath: s.path,
    device: s.device,
    browser: s.browser,
    referrer: s.referrer,
    country: UNKNOWN_LOCATION,
    city: UNKNOWN_LOCATION,
  }));
  for (const part of chunks(rows)) await trx.insertInto('trafficSessions').values(part).execute();
}

/**
 * All session changes in one UPDATE … FROM (VALUES …) per chunk (SQLite 3.33+ and PostgreSQL): page views add up,
 * lastActive only moves forward, an end sets endTime, duration in whole minutes and exitPath, a later view resumes.
 * Parameters are cast so PostgreSQL knows their types inside VALUES.
 */
async function applySessionChanges(trx: Trx, sessions: Map<string, SessionChange>) {
  const rows = sorted(sessions);
  for (const part of chunks(rows)) {
    const values = part.map(
      ([id, c]) => sql`(
      cast(${id} as text), cast(${c.visitorId} as text), cast(${c.userId} as text), cast(${c.views} as bigint),
      cast(${c.lastActive} as bigint), cast(${c.currentPath} as text), cast(${c.end ? 1 : 0} as integer),
      cast(${c.end?.endTime ?? null} as bigint), cast(${c.end?.exitPath ?? null} as text))`,
    );
    await sql`
      with v(id, visitor_id, user_id, views, last_active, current_path, ended, end_time, exit_path) as (values ${sql.join(values)})
      update traffic_sessions set
        page_views = traffic_sessions.page_views + v.views,
        last_active = case when v.last_active > traffic_sessions.last_active then v.last_active else traffic_sessions.last_active end,
        current_path = coalesce(v.current_path, traffic_sessions.current_path),
        user_id = coalesce(v.user_id, traffic_sessions.user_id),
        is_active = (v.ended = 0),
        end_time = case when v.ended = 1 then v.end_time else null end,
        duration = case when v.ended = 0 then null when v.end_time > traffic_sessions.start_time then (v.end_time - traffic_sessions.start_time) / 60000 else 0 end,
        exit_path = case when v.ended = 1 then coalesce(v.exit_path, v.current_path, traffic_sessions.current_path) else null end
      from v
      where traffic_sessions.id = v.id and traffic_sessions.visitor_id = v.visitor_id`.execute(trx);
  }
}
