// Traffic: the page-view endpoint under load from the shared generator process, against a bare Fastify POST (in the
// bare-server process) answering the same 204 in the same run, and the year statistics over 365 days × 500 paths.
// SQLite always; PostgreSQL when a URL is set.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { addDays, dayKey } from '@accountry/shared/traffic-period';
import { buildApp } from '../../apps/server/src/app';
import { type Database, type DatabaseHandle } from '../../apps/server/src/db/database';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { trafficRecorderOf } from '../../apps/server/src/features/traffic/traffic.routes';
import { readTrafficStats } from '../../apps/server/src/features/traffic/traffic-stats.service';
import {
  analyzeAsTheServer,
  assertHonestBaseline,
  benchConfig,
  benchEngines,
  emit,
  loadWithCpu,
  type MeasuredLoad,
  mean,
  median,
  otherHeaders,
  startLoadProcess,
  timeMedian,
  type LoadResult,
} from './support';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ROUNDS = 3;
const ROUND_S = 2;
const WARMUP_S = 1;
const CONNECTIONS = 50;
// Enough visitors that none reaches the per-visitor limit during the run.
const VISITORS = 5000;
const YEAR_DAYS = 365;
const PATHS_PER_DAY = 500;
const VISITORS_PER_DAY = 300;

type Loader = ReturnType<typeof startLoadProcess>;

async function throughput(engine: string, handle: DatabaseHandle, loader: Loader) {
  const config = benchConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
    // The load comes from one address; the per-address limits would measure refusals.
    TRAFFIC_IP_EVENTS_PER_MINUTE: '100000000',
  });
  const app = await buildApp({
    db: handle,
    mailer: { send: async () => undefined },
    clock: systemClock,
    bus: memoryBus(),
    config,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    // Half the visitors have a tab session, so page views also move sessions on.
    const sessions: Array<string | null> = [];
    for (let v = 0; v < VISITORS; v++) {
      if (v % 2) {
        sessions.push(null);
        continue;
      }
      const res = await app.inject({
        method: 'POST',
        url: '/api/traffic/events',
        payload: { type: 'session_start', visitorId: `bench-visitor-${v}`, path: '/' },
        headers: { 'user-agent': CHROME },
      });
      sessions.push(res.json().sessionId);
    }
    const paths = [
      '/',
      '/browse',
      '/how-it-works',
      '/about',
      '/account/u1/l1',
      '/account/u2/l7',
      '/seller/u1',
      '/chat',
    ];
    const bodies = sessions.map((sessionId, v) =>
      JSON.stringify({
        type: 'page_view',
        visitorId: `bench-visitor-${v}`,
        ...(sessionId ? { sessionId } : {}),
        path: paths[v % paths.length],
        referrer: v % 3 ? '' : 'https://www.google.com/',
      }),
    );

    // The bare POST answers as the endpoint does (204, no body), with and without the app's other headers.
    const sample = await app.inject({
      method: 'POST',
      url: '/api/traffic/events',
      payload: JSON.parse(bodies[0]),
      headers: { 'user-agent': CHROME },
    });
    const headers = otherHeaders(sample.headers);
    const bare = await loader.bare([
      {
        path: '/bare',
        method: 'POST',
        status: sample.statusCode,
        body: Buffer.alloc(0),
        contentType: 'text/plain',
        headers,
      },
    ]);
    const post = (url: string, seconds: number) =>
      loader.load(url, {
        bodies,
        seconds,
        connections: CONNECTIONS,
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      });
    const trackUrl = `${appUrl}/api/traffic/events`;
    await post(`${bare.url}/bare`, WARMUP_S);
    await post(trackUrl, WARMUP_S);
    await trafficRecorderOf(app.deps).flush();
    const before = await totalViews(handle.db);
    const writesBefore = app.deps.limits.writes;
    const statementsBefore = app.deps.limits.statements;
    // Alternate the targets so a burst of other work on the machine weighs on them alike.
    const base: MeasuredLoad[] = [];
    const sameHeaders: MeasuredLoad[] = [];
    const track: MeasuredLoad[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push(await loadWithCpu(bare.pid, () => post(`${bare.url}/bare`, ROUND_S)));
      sameHeaders.push(await loadWithCpu(bare.pid, () => post(`${bare.url}/bare/headers`, ROUND_S)));
      // The app runs in this process: its CPU includes the flushes of the batched page views.
      track.push(await loadWithCpu(process.pid, () => post(trackUrl, ROUND_S)));
    }
    for (const r of base) assertHonestBaseline('traffic.track', r);
    await trafficRecorderOf(app.deps).flush();
    const accepted = track.reduce((n, r) => n + r.total - r.failed, 0);
    // At least `accepted`: responses still in flight when a round's clock stops are written too.
    const persisted = (await totalViews(handle.db)) - before;
    const meanRps = (rs: LoadResult[]) => Math.round(mean(rs.map((r) => r.rps)));
    const p99 = (rs: LoadResult[]) => median(rs.map((r) => r.p99));
    emit({
      bench: 'traffic.track',
      engine,
      value: meanRps(track),
      unit: 'req/s',
      baseline: 'fastify.post.same_reply',
      baselineValue: meanRps(base),
      p99Ms: p99(track),
      baselineP99Ms: p99(base),
      failed: track.reduce((n, r) => n + r.failed, 0),
      accepted,
      persisted,
      generatorCpu: median(track.map((r) => r.generatorCpu)),
      baselineGeneratorCpu: median(base.map((r) => r.generatorCpu)),
      sameHeadersBaselineValue: meanRps(sameHeaders),
      ratioToSameHeaders: Number((meanRps(track) / meanRps(sameHeaders)).toFixed(3)),
      cpuUsPerReq: median(track.map((r) => r.cpuUsPerReq)),
      baselineCpuUsPerReq: median(base.map((r) => r.cpuUsPerReq)),
      sameHeadersCpuUsPerReq: median(sameHeaders.map((r) => r.cpuUsPerReq)),
      // Claims on the shared limit store per accepted event, and the statements they took (0 with one SQLite
      // process: its limits are counted in memory).
      limitWritesPerEvent: Number(((app.deps.limits.writes - writesBefore) / accepted).toFixed(3)),
      limitStatementsPerEvent: Number(((app.deps.limits.statements - statementsBefore) / accepted).toFixed(4)),
    });
  } finally {
    await app.close();
  }
}

async function totalViews(db: Database) {
  const row = await db
    .selectFrom('trafficDays')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('totalPageViews'), eb.lit(0)).as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** 365 days × 500 paths (plus hours, devices, browsers, referrers and visitors), written set-wise. */
async function fillYear(db: Database, today: string) {
  await db.transaction().execute(async (trx) => {
    const insert = async (table: string, columns: string[], rows: unknown[][]) => {
      for (let i = 0; i < rows.length; i += 1000) {
        const values = rows.slice(i, i + 1000).map((r) => sql`(${sql.join(r)})`);
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(
          trx,
        );
      }
    };
    const days: unknown[][] = [],
      hours: unknown[][] = [],
      paths: unknown[][] = [],
      dims: unknown[][] = [],
      visitors: unknown[][] = [];
    for (let d = 1; d <= YEAR_DAYS; d++) {
      const day = addDays(today, -d);
      days.push([day, PATHS_PER_DAY * 10, 0, 0]);
      for (let h = 0; h < 24; h++) hours.push([day, h, 200]);
      for (let p = 0; p < PATHS_PER_DAY; p++)
        paths.push([day, `_account_u${p % 50}_l${p}`, `/account/u${p % 50}/l${p}`, 10]);
      for (const [kind, values] of [
        ['device', ['mobile', 'desktop', 'tablet']],
        ['browser', ['Chrome', 'Safari', 'Firefox', 'Edge', 'Opera']],
        ['referrer', ['direct', 'www.google.com', 't.co', 'discord.com']],
      ] as const) {
        for (const v of values) dims.push([day, kind, v, 1000]);
      }
      // A pool three times the daily count, so visitors return across days.
      for (let v = 0; v < VISITORS_PER_DAY; v++)
        visitors.push([day, `year-visitor-${(d * 97 + v * 13) % (VISITORS_PER_DAY * 3)}`]);
    }
    await insert('traffic_days', ['day', 'total_page_views', 'created_at', 'updated_at'], days);
    await insert('traffic_hours', ['day', 'hour', 'views'], hours);
    await insert('traffic_paths', ['day', 'path_key', 'raw_path', 'views'], paths);
    await insert('traffic_dimensions', ['day', 'kind', 'value', 'views'], dims);
    await insert('traffic_visitors', ['day', 'visitor_id'], visitors);
  });
  await analyzeAsTheServer(db);
}

async function yearQuery(engine: string, handle: DatabaseHandle) {
  const now = Date.now();
  await fillYear(handle.db, dayKey(now));
  const from = addDays(dayKey(now), -365);
  const to = dayKey(now);
  const scan = await timeMedian(
    () => sql`select sum(views) from traffic_paths where day >= ${from} and day <= ${to}`.execute(handle.db),
    5,
    1,
  );
  const stats = await timeMedian(() => readTrafficStats(handle.db, now, { period: 'year' }), 5, 1);
  emit({
    bench: 'traffic.stats.year',
    engine,
    value: Number(stats.toFixed(1)),
    unit: 'ms',
    baseline: 'paths.scan',
    baselineValue: Number(scan.toFixed(1)),
    days: YEAR_DAYS,
    pathsPerDay: PATHS_PER_DAY,
  });
}

export async function run() {
  const loader = startLoadProcess();
  try {
    for (const { engine, url } of benchEngines()) {
      const handle = await openScratchDatabase(engine, url, 'bench-traffic');
      try {
        await throughput(engine, handle, loader);
        await yearQuery(engine, handle);
      } finally {
        await handle.close();
      }
    }
  } finally {
    loader.stop();
  }
}
