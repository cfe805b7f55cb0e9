// Reading rows on SQLite: a page of 26 users (9 columns, walked down the created-at index of 50,000) through the
// connection the app gives Kysely (db/sqlite-values.ts `bindableSqlite`, rows read as arrays and built in JavaScript),
// next to the same statement with better-sqlite3 building each row object itself (and reading bare arrays, the floor);
// then the page's rows renamed to camelCase by the app's plugin (db/camel-case-rows.ts) next to Kysely's own
// CamelCasePlugin. Alternating rounds, one process.
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type KyselyPlugin, type QueryId, type UnknownRow } from 'kysely';
import { bindableSqlite } from '../../apps/server/src/db/sqlite-values';
import { CamelCaseRowsPlugin } from '../../apps/server/src/db/camel-case-rows';
import { emit, median } from './support';

const USERS = 50_000;
const CALLS = 5_000;
const ROUNDS = 5;
const PAGE = `select id, email, display_name, role, email_verified, disabled, created_at, last_active, deleted_status
  from users order by created_at desc, id desc limit 26`;

function microsPerCall(fn: () => unknown) {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) fn();
  return ((performance.now() - started) * 1000) / CALLS;
}

async function asyncMicrosPerCall(fn: () => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await fn();
  return ((performance.now() - started) * 1000) / CALLS;
}

/** Each timer once to warm up, then every timer in turn for ROUNDS rounds; the median of each, in µs. */
async function alternating<K extends string>(timers: Record<K, () => number | Promise<number>>) {
  const entries = Object.entries(timers) as Array<[K, () => number | Promise<number>]>;
  for (const [, time] of entries) await time();
  const times = new Map<K, number[]>(entries.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [name, time] of entries) times.get(name)!.push(await time());
  const medians = {} as Record<K, number>;
  for (const [name] of entries) medians[name] = Number(median(times.get(name)!).toFixed(1));
  return medians;
}

/** The page's rows through each camelCase plugin, in alternating rounds; both must give the same rows. */
async function camelCasePage(rows: UnknownRow[]) {
  const ours: KyselyPlugin = new CamelCaseRowsPlugin();
  const kysely: KyselyPlugin = new CamelCasePlugin();
  const rename = (plugin: KyselyPlugin) =>
    plugin.transformResult({ queryId: { queryId: 'bench' } as QueryId, result: { rows } });
  if (JSON.stringify(await rename(ours)) !== JSON.stringify(await rename(kysely)))
    throw new Error('the renamings differ');
  const { kysely: baselineValue, ours: value } = await alternating({
    kysely: () => asyncMicrosPerCall(() => rename(kysely)),
    ours: () => asyncMicrosPerCall(() => rename(ours)),
  });
  emit({
    bench: 'kysely.rows.camel_case_page_of_26',
    engine: 'sqlite',
    value,
    unit: 'µs/page',
    baseline: 'kysely.CamelCasePlugin',
    baselineValue,
    node: process.versions.node,
  });
}

export async function run() {
  const raw = new SQLite(':memory:');
  try {
    raw.exec(`create table users (id text primary key, email text not null, display_name text not null,
      role text not null, email_verified integer not null, disabled integer not null, created_at integer not null,
      last_active integer not null, deleted_status text);
      create index users_created_id_idx on users (created_at, id);`);
    const insert = raw.prepare('insert into users values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const now = Date.now();
    raw.transaction(() => {
      for (let i = 0; i < USERS; i++)
        insert.run(`u${i}`, `user${i}@bench.test`, `Bench User ${i}`, 'buyer', i % 10 ? 1 : 0, 0, now - i, now, null);
    })();
    const own = raw.prepare(PAGE);
    const app = bindableSqlite(raw).prepare(PAGE);
    const arrays = raw.prepare(`${PAGE} -- read as arrays`).raw(true);
    if (JSON.stringify(app.all()) !== JSON.stringify(own.all())) throw new Error('the two reads differ');
    const read = await alternating({
      own: () => microsPerCall(() => own.all()),
      app: () => microsPerCall(() => app.all()),
      arrays: () => microsPerCall(() => arrays.all()),
    });
    emit({
      bench: 'sqlite.rows.page_of_26',
      engine: 'sqlite',
      value: read.app,
      unit: 'µs/read',
      baseline: 'better-sqlite3.row_objects',
      baselineValue: read.own,
      // The same statement returning bare arrays: what reading costs before any row object exists.
      arraysValue: read.arrays,
      node: process.versions.node,
    });
    await camelCasePage(app.all() as UnknownRow[]);
  } finally {
    raw.close();
  }
}
