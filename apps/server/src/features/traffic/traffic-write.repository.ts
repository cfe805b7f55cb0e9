import { sql, type Transaction } from 'kysely';
import { UNKNOWN_LOCATION } from '@accountry/shared/traffic';
import type { DatabaseHandle, Engine } from '../../db/database';
import { rowsTable } from '../../db/rows-table';
import type { DB } from '../../db/schema';
import type { DimensionKind, SessionChange, TrafficBatch } from './traffic-batch';

// Counter rows per statement (a parameter per cell; a flush holds at most a few hundred keys of each):
// well under SQLite's 32766 and PostgreSQL's 65535 bound parameters.
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
export async function writeTrafficBatch({ db, engine }: DatabaseHandle, batch: TrafficBatch, now: number) {
  await db.transaction().execute(async (trx) => {
    await addDays(trx, batch, now);
    await addHours(trx, batch);
    await addPaths(trx, batch);
    await addDimensions(trx, batch);
    await addVisitors(trx, engine, batch);
    await insertSessions(trx, engine, batch);
    await applySessionChanges(trx, engine, batch.sessions);
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

/** Each visitor once a day: a row per visitor seen first today, so as many as the site has visitors (`rowsTable`). */
async function addVisitors(trx: Trx, engine: Engine, batch: TrafficBatch) {
  if (!batch.visitors.size) return;
  const visitors = rowsTable(
    engine,
    'v',
    { day: 'text', visitor_id: 'text' },
    [...batch.visitors].sort().map((key) => {
      const [day, visitorId] = split(key);
      return { day, visitor_id: visitorId };
    }),
  );
  // `where true`: SQLite would read the ON of the upsert as the join's constraint.
  await sql`insert into traffic_visitors (day, visitor_id) select v.day, v.visitor_id from ${visitors} where true
    on conflict (day, visitor_id) do nothing`.execute(trx);
}

/** The tabs opened since the last flush, as many as visitors open (`rowsTable`). */
async function insertSessions(trx: Trx, engine: Engine, batch: TrafficBatch) {
  if (!batch.starts.size) return;
  const started = rowsTable(
    engine,
    's',
    {
      id: 'text',
      visitor_id: 'text',
      start_time: 'bigint',
      path: 'text',
      device: 'text',
      browser: 'text',
      referrer: 'text',
    },
    [...batch.starts.values()].map((s) => ({
      id: s.id,
      visitor_id: s.visitorId,
      start_time: s.startTime,
      path: s.path,
      device: s.device,
      browser: s.browser,
      referrer: s.referrer,
    })),
  );
  await sql`insert into traffic_sessions (id, visitor_id, start_time, is_active, last_active, page_views,
      current_path, entry_path, device, browser, referrer, country, city)
    select s.id, s.visitor_id, s.start_time, true, s.start_time, 0, s.path, s.path, s.device, s.browser,
      s.referrer, ${UNKNOWN_LOCATION}, ${UNKNOWN_LOCATION}
    from ${started}`.execute(trx);
}

const SESSION_CHANGE_COLUMNS = {
  id: 'text',
  visitor_id: 'text',
  views: 'bigint',
  last_active: 'bigint',
  current_path: 'text',
  ended: 'integer',
  end_time: 'bigint',
  exit_path: 'text',
} as const;

/**
 * All session changes in one UPDATE … FROM, the changes carried as one table parameter (`rowsTable`): page views add
 * up, lastActive only moves forward, an end sets endTime, duration in whole minutes and exitPath, a later view resumes.
 */
async function applySessionChanges(trx: Trx, engine: Engine, sessions: Map<string, SessionChange>) {
  if (!sessions.size) return;
  const changes = rowsTable(
    engine,
    'v',
    SESSION_CHANGE_COLUMNS,
    sorted(sessions).map(([id, c]) => ({
      id,
      visitor_id: c.visitorId,
      views: c.views,
      last_active: c.lastActive,
      current_path: c.currentPath,
      ended: c.end ? 1 : 0,
      end_time: c.end?.endTime ?? null,
      exit_path: c.end?.exitPath ?? null,
    })),
  );
  await sql`
    update traffic_sessions set
      page_views = traffic_sessions.page_views + v.views,
      last_active = case when v.last_active > traffic_sessions.last_active then v.last_active else traffic_sessions.last_active end,
      current_path = coalesce(v.current_path, traffic_sessions.current_path),
      is_active = (v.ended = 0),
      end_time = case when v.ended = 1 then v.end_time else null end,
      duration = case when v.ended = 0 then null when v.end_time > traffic_sessions.start_time then (v.end_time - traffic_sessions.start_time) / 60000 else 0 end,
      exit_path = case when v.ended = 1 then coalesce(v.exit_path, v.current_path, traffic_sessions.current_path) else null end
    from ${changes}
    where traffic_sessions.id = v.id and traffic_sessions.visitor_id = v.visitor_id`.execute(trx);
}
