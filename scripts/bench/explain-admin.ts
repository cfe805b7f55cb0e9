// The plans of the admin users and listings searches over 50,000 users and 20,000 listings, on one engine:
// `node --import tsx scripts/bench/explain-admin.ts sqlite|postgres` (PostgreSQL at BENCH_DATABASE_URL).
import { CompiledQuery, sql } from 'kysely';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { listUsers } from '../../apps/server/src/features/admin/admin-users-list.repository';
import { listListings } from '../../apps/server/src/features/admin/admin-listings-list.repository';
import { analyzeAsTheServer } from './support';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
// Every statement the repositories run, prepared ones included, as it went to the engine.
const captured: CompiledQuery[] = [];
const handle = await openScratchDatabase(engine, process.env.BENCH_DATABASE_URL, 'explain-admin', 10, (query) =>
  captured.push(query),
);
try {
  const now = Date.now();
  const series =
    engine === 'sqlite'
      ? sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < 49999) select i from s`
      : sql`select i from generate_series(0, 49999) i`;
  const t = engine === 'sqlite' ? sql`1` : sql`true`;
  const f = engine === 'sqlite' ? sql`0` : sql`false`;
  await sql`insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active,
    profile_complete, email_verified, disabled)
    select 'u' || i, 'user' || i || '@bench.test', 'x', 'Bench User ' || i, '', 'seller', ${sql.lit(now)} - cast(i as bigint) * 60000, ${sql.lit(now)},
    ${t}, ${t}, ${f} from (${series}) s`.execute(handle.db);
  await sql`insert into listings (id, seller_id, title, category, platform, region, description, price_cents, currency,
    status, created_at, updated_at, published_at)
    select 'l' || i, 'u' || (i % 500), 'Bench listing ' || i, 'game', 'steam', 'europe', 'A bench listing.', 1000 + i,
    'USD', 'active', ${sql.lit(now)} - cast(i as bigint) * 30000, ${sql.lit(now)}, ${sql.lit(now)} from (${series}) s where i < 20000`.execute(
    handle.db,
  );
  await analyzeAsTheServer(handle.db);
  const run = async (label: string, fn: () => Promise<{ items: unknown[] }>) => {
    await fn();
    captured.length = 0;
    const started = performance.now();
    const out = await fn();
    const statements = captured.splice(0);
    console.log(`\n## ${label}: ${out.items.length} rows, ${(performance.now() - started).toFixed(1)} ms`);
    for (const q of statements) {
      console.log(q.sql.replace(/\s+/g, ' ').slice(0, 400));
      const prefix = engine === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing off) ';
      const plan = await handle.db.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
      for (const r of plan.rows as Array<Record<string, unknown>>)
        console.log('   ', engine === 'sqlite' ? r.detail : r['QUERY PLAN']);
    }
  };
  for (const [label, q] of [
    ['users q=user4999', 'user4999'],
    ['users q=bench (common)', 'bench'],
  ] as const) {
    await run(label, () => listUsers(handle.db, engine, { q, cursor: undefined, limit: 25 }));
  }
  for (const [label, q] of [
    ['listings q=listing 1999', 'listing 1999'],
    ['listings q=user499@ (a seller)', 'user499@'],
  ] as const) {
    await run(label, () => listListings(handle.db, engine, { q, cursor: undefined, limit: 25 }));
  }
} finally {
  await handle.close();
}
