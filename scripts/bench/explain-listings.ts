// The query plan of every browse/search/filter combination the listings bench times, on one engine, with the
// statements each request runs: `node --import tsx scripts/bench/explain-listings.ts sqlite|postgres [filter]`.
// Seeds 100,000 listings once into a kept database (EXPLAIN_DIR or the temp folder; schema `explain_listings` on
// PostgreSQL at BENCH_DATABASE_URL/TEST_DATABASE_URL) and reuses it, so plans can be compared after each change.
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql, type CompiledQuery } from 'kysely';
import { browseQuerySchema } from '@accountry/shared/listing-browse';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import type { AppDeps } from '../../apps/server/src/app';
import { catalogueCacheFor } from '../../apps/server/src/features/listings/catalogue-cache';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { analyzeAsTheServer } from './support';
import { ManualClock } from '../../apps/server/src/lib/clock';
import { createUser } from '../../apps/server/src/test/test-app';
import { generateListings } from '../../apps/server/src/seed/listing-generator';
import { insertGenerated } from '../../apps/server/src/seed/seed-listings';
import { browseListings } from '../../apps/server/src/features/listings/listings.service';
import { BROWSE_SCENARIOS } from './listings-scenarios';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const only = process.argv[3] ?? '';
const LISTINGS = 100_000;
const captured: CompiledQuery[] = [];

function open(): DatabaseHandle {
  const onQuery = (query: CompiledQuery) => void captured.push(query);
  if (engine === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('set BENCH_DATABASE_URL');
    return openDatabase(url, { pgSchema: 'explain_listings', poolSize: 4, onQuery });
  }
  const dir = process.env.EXPLAIN_DIR ?? path.join(os.tmpdir(), 'accountry-explain');
  return openDatabase(`sqlite:${path.join(dir, 'listings.db')}`, { onQuery });
}

async function seedOnce(handle: DatabaseHandle) {
  if (engine === 'postgres') await sql`create schema if not exists explain_listings`.execute(handle.db);
  await migrateToLatest(handle.db);
  const { n } = await handle.db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) >= LISTINGS) return;
  const now = Date.now();
  const sellers = await Promise.all(
    [0, 1, 2].map(() => createUser({ db: handle.db, clock: new ManualClock(now) }, { role: 'seller' })),
  );
  const items = generateListings({ count: LISTINGS, sellerIds: sellers.map((s) => s.id), now, seed: 42, maxImages: 1 });
  await handle.db.transaction().execute((trx) => insertGenerated(trx, items));
  await analyzeAsTheServer(handle.db);
}

async function plan(handle: DatabaseHandle, q: CompiledQuery, settings: CompiledQuery[]) {
  if (engine === 'sqlite') {
    const r = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>({
      ...q,
      sql: `explain query plan ${q.sql}`,
    });
    const depth = new Map<number, number>();
    return r.rows.map((row) => {
      const d = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, d);
      return `${'  '.repeat(d)}${row.detail}`;
    });
  }
  // The plan under the settings the statement ran with (the count sets random_page_cost for its transaction).
  return handle.db.transaction().execute(async (trx) => {
    for (const s of settings) await trx.executeQuery({ ...s, parameters: [] });
    const r = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...q,
      sql: `explain (analyze, buffers, costs off, timing off) ${q.sql}`,
    });
    return r.rows.map((row) => row['QUERY PLAN']);
  });
}

const handle = open();
await seedOnce(handle);
// Enough of the app for the catalogue cache browse goes through: a bus for its announcements, a silent log.
const deps = { db: handle, bus: memoryBus(), log: pino({ level: 'silent' }), onClose: [] } as unknown as AppDeps;
for (const [name, query] of BROWSE_SCENARIOS) {
  if (!name.includes(only)) continue;
  const params = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  captured.length = 0;
  // Each run from an empty catalogue cache (decision 145): the statements themselves are what is timed.
  const uncached = async () => {
    catalogueCacheFor(deps).clear();
    return (await browseListings(deps, params, null)).build();
  };
  const res = await uncached();
  const statements = [...captured];
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await uncached();
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[3];
  console.log(
    `\n=== ${name} ${query}  (${statements.length} statements, median ${ms.toFixed(1)} ms, total ${res.total})`,
  );
  let settings: CompiledQuery[] = [];
  for (const s of statements) {
    console.log(`-- ${s.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    if (/^(begin|commit|rollback)/i.test(s.sql)) settings = [];
    if (/^set /i.test(s.sql)) settings.push(s);
    if (!/^\s*select/i.test(s.sql)) continue;
    for (const line of await plan(handle, s, settings)) console.log(`   ${line}`);
  }
}
await deps.bus.close();
await handle.close();
