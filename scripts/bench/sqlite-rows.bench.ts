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

/** The page's rows through each camelCase plugin, in alternating rounds; both must give the same rows. */
async function camelCasePage(rows: UnknownRow[]) {
  const ours: KyselyPlugin = new CamelCaseRowsPlugin();
  const kysely: KyselyPlugin = new CamelCasePlugin();
  const rename = (plugin: KyselyPlugin) =>
    plugin.transformResult({ queryId: { queryId: 'bench' } as QueryId, result: { rows } });
  if (JSON.stringify(await rename(ours)) !== JSON.stringify(await rename(kysely)))
    throw new Error('the renamings differ');
  await asyncMicrosPerCall(() => rename(kysely));
  await asyncMicrosPerCall(() => rename(ours));
  const values: number[] = [];
  const baselines: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await asyncMicrosPerCall(() => rename(kysely)));
    values.push(await asyncMicrosPerCall(() => rename(ours)));
  }
  emit({
    bench: 'kysely.rows.camel_case_page_of_26',
    engine: 'sqlite',
    value: Number(median(values).toFixed(1)),
    unit: 'µs/page',
    baseline: 'kysely.CamelCasePlugin',
    baselineValue: Number(median(baselines).toFixed(1)),
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
    microsPerCall(() => own.all());
    microsPerCall(() => app.all());
    microsPerCall(() => arrays.all());
    const values: number[] = [];
    const baselines: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baselines.push(microsPerCall(() => own.all()));
      values.push(microsPerCall(() => app.all()));
      floor.push(microsPerCall(() => arrays.all()));
    }
    emit({
      bench: 'sqlite.rows.page_of_26',
      engine: 'sqlite',
      value: Number(median(values).toFixed(1)),
      unit: 'µs/read',
      baseline: 'better-sqlite3.row_objects',
      baselineValue: Number(median(baselines).toFixed(1)),
      // The same statement returning bare arrays: what reading costs before any row object exists.
      arraysValue: Number(median(floor).toFixed(1)),
      node: process.versions.node,
    });
    await camelCasePage(app.all() as UnknownRow[]);
  } finally {
    raw.close();
  }
}
