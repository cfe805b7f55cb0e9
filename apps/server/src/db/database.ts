import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type Pg from 'pg';
import { lazyModule } from '../lib/lazy-module';
import { Kysely, SqliteAdapter, SqliteDialect, sql, type CompiledQuery, type KyselyConfig } from 'kysely';
import { BooleanColumnsPlugin, bindableSqlite } from './sqlite-values';
import { trackingDialect, WriteFeed } from './change-tracking';
import type { DB } from './schema';
import { sqliteUpkeep } from './sqlite-upkeep';
import { namingPool } from './pg-statement-names';
import { CamelCaseRowsPlugin } from './camel-case-rows';
import { StatusLiteralsPlugin } from './status-literals';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';

export type Engine = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;

/** The engine behind a Kysely instance or transaction. */
export const engineOf = (db: Kysely<any>): Engine =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Connection string for processes that need their own connection (LISTEN/NOTIFY). */
  url: string;
  pgSchema?: string;
  /** SQLite only: the connection itself, for hot paths that run prepared statements while holding Kysely's lock. */
  sqlite?: SQLite.Database;
  /** Committed writes through `db`, by table (not the chat store's native statements, which write no catalogue). */
  writes: WriteFeed;
  close(): Promise<void>;
}

const loadPg = lazyModule<typeof Pg>('pg');
/** pg, loaded only for PostgreSQL; int8 (counts, epoch-ms timestamps) and numeric read as numbers, as from SQLite. */
export function pgModule(): typeof Pg {
  const pg = loadPg();
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  return pg;
}

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//.test(url);
}

export function sqliteFile(url: string) {
  return url.replace(/^(sqlite:|file:)(\/\/)?/, '');
}

/**
 * The plugins every Kysely instance of an engine runs: camelCase names, statuses written into the statement, and
 * SQLite's 0/1 read back as booleans.
 */
export const kyselyPlugins = (engine: Engine) =>
  engine === 'sqlite'
    ? [new CamelCaseRowsPlugin(), new StatusLiteralsPlugin(), new BooleanColumnsPlugin()]
    : [new CamelCaseRowsPlugin(), new StatusLiteralsPlugin()];

/**
 * A pool's address, with the schema as its search path. The address's own `?options=-c …` would replace a separate
 * `options` setting (the parsed address wins), dropping the schema: both are joined into one.
 */
function pgConnection(url: string, pgSchema: string | undefined) {
  if (!pgSchema) return { connectionString: url };
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return {
    connectionString: parsed.toString(),
    options: [own, `-c search_path=${pgSchema}`].filter(Boolean).join(' '),
  };
}

export interface OpenOptions {
  pgSchema?: string;
  poolSize?: number;
  /** Called with every statement run, prepared ones included (the bench's plan printers); the server sets none. */
  onQuery?: (query: CompiledQuery) => void;
}

/** Kysely's `log` for `onQuery`: queries that ran, and those that failed. */
const queryLog = (onQuery: OpenOptions['onQuery']): KyselyConfig['log'] => onQuery && ((event) => onQuery(event.query));

/** Open the database named by the URL: a SQLite file (WAL) or a PostgreSQL pool. */
export function openDatabase(url: string, opts: OpenOptions = {}): DatabaseHandle {
  const writes = new WriteFeed();
  const log = queryLog(opts.onQuery);
  if (isPostgresUrl(url)) {
    const pool = new (pgModule().Pool)({ ...pgConnection(url, opts.pgSchema), max: opts.poolSize ?? 10 });
    const dialect = trackingDialect(new OwnSchemaPostgresDialect({ pool: namingPool(pool) }), writes.report);
    const db = new Kysely<DB>({ dialect, plugins: kyselyPlugins('postgres'), log });
    return { db, engine: 'postgres', url, pgSchema: opts.pgSchema, writes, close: () => db.destroy() };
  }
  const file = sqliteFile(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: trackingDialect(new SqliteDialect({ database: bindableSqlite(raw) }), writes.report),
    plugins: kyselyPlugins('sqlite'),
    log,
  });
  // Kysely runs every statement on its one connection in turn: holding it keeps the app's writes back.
  const holdWrites = (work: () => Promise<void>) => db.connection().execute(work);
  const releaseCheckpoints =
    file === ':memory:' ? async () => {} : sqliteUpkeep.attach(path.resolve(file), raw, holdWrites);
  const close = async () => {
    await releaseCheckpoints();
    await db.destroy();
  };
  return { db, engine: 'sqlite', url, sqlite: raw, writes, close };
}

export async function pingDatabase(db: Database) {
  await sql`select 1`.execute(db);
}
