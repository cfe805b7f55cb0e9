import { createHash } from 'node:crypto';
import type {
  Compilable,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
  RawBuilder,
} from 'kysely';
import type { Database } from './database';
import type Pg from 'pg';

/** A bound on the statements named (each is kept by every connection that ran it). */
const MAX_NAMED = 500;
const names = new Map<string, string>();

/**
 * Marks a statement's text to be prepared on the PostgreSQL server (decision 146): each connection parses and plans
 * it once and runs it by name after (a lookup by primary key: ~107 -> ~60 µs per query here). For the hot
 * statements of `preparedQuery` and the chat write path, whose texts are few and fixed; on SQLite nothing reads it.
 */
export function prepareOnServer(sqlText: string) {
  if (names.has(sqlText) || names.size >= MAX_NAMED) return;
  names.set(sqlText, `hot_${createHash('sha256').update(sqlText).digest('hex').slice(0, 24)}`);
}

/** A query builder's or raw SQL's statement (raw SQL compiles against the database it will run on). */
export const compileFor = <R>(db: Database, query: RawBuilder<R> | Compilable<R>) =>
  'isRawBuilder' in query ? query.compile(db) : query.compile();

/**
 * Runs SQL whose text never changes (its values are all parameters) as a named statement: the chat write path, and
 * batches whose rows are array parameters (db/rows-table.ts).
 */
export async function executeNamed<R>(db: Database, query: RawBuilder<R> | Compilable<R>) {
  const compiled = compileFor(db, query);
  prepareOnServer(compiled.sql);
  return db.executeQuery(compiled);
}

/** The pool as Kysely sees it: a statement marked above goes out by name, everything else as it is. */
export function namingPool(pool: Pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as Pg.Submittable);
        const name = names.get(sqlOrCursor);
        const values = parameters as unknown[];
        return name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
