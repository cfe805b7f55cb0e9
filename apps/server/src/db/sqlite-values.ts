import type { Database as SQLiteDatabase } from 'better-sqlite3';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { BOOLEAN_COLUMNS } from './schema';
import { rowBuilder } from './row-shapes';

const toBindable = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

const STATEMENT_CACHE_SIZE = 500;
const SCHEMA_CHANGE = /^\s*(alter|drop|create)\b/i;

/**
 * Kysely writes `limit ?`; SQLite (3.53) spends microseconds more on every run of a statement whose LIMIT or OFFSET is
 * a bare parameter than on one whose LIMIT is an expression (measured: an indexed lookup 11 µs against 3.9 µs). The
 * cast keeps the value and the meaning (we bind integers only).
 */
const BOUND_LIMIT = /\b(limit|offset) \?/gi;

/**
 * better-sqlite3 cannot bind booleans; bind them as 0/1. Prepared statements are cached by SQL text,
 * since Kysely prepares every query afresh and preparing costs more than running a small query.
 */
export function bindableSqlite(raw: SQLiteDatabase): SQLiteDatabase {
  const prepare = raw.prepare.bind(raw);
  const cache = new Map<string, ReturnType<SQLiteDatabase['prepare']>>();
  const prepareWrapped = (source: string) => {
    const stmt = prepare(source.replace(BOUND_LIMIT, '$1 cast(? as integer)'));
    const bound = (args: unknown[]) => args.map((a) => (Array.isArray(a) ? a.map(toBindable) : toBindable(a)));
    const rows = stmt.reader ? rowsAsObjects(stmt) : null;
    const bindable = (name: PropertyKey, fn: (...a: unknown[]) => unknown) => {
      const call = (...args: unknown[]) => fn.apply(stmt, bound(args));
      if (!rows) return call;
      if (name === 'all') return (...args: unknown[]) => (call(...args) as unknown[][]).map(rows.row);
      if (name === 'get') return (...args: unknown[]) => rows.maybeRow(call(...args) as unknown[] | undefined);
      if (name === 'iterate') return (...args: unknown[]) => rows.each(call(...args) as Iterable<unknown[]>);
      return call;
    };
    // Each method wrapped once per statement, not on every access: hot statements run thousands of times a second.
    const methods = new Map<PropertyKey, unknown>();
    return new Proxy(stmt, {
      get(s, p, r) {
        const value = Reflect.get(s, p, r);
        if (typeof value !== 'function') return value;
        let method = methods.get(p);
        if (!method) {
          const fn = value as (...a: unknown[]) => unknown;
          method = p === 'run' || p === 'all' || p === 'get' || p === 'iterate' ? bindable(p, fn) : fn.bind(s);
          methods.set(p, method);
        }
        return method;
      },
    });
  };
  return new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (source: string) => {
        // Statements kept from before a schema change would name their columns as they were (rowsAsObjects).
        if (SCHEMA_CHANGE.test(source)) cache.clear();
        let stmt = cache.get(source);
        if (stmt) {
          // Refresh recency: a Map iterates in insertion order, so the first key is the least recently used.
          cache.delete(source);
        } else {
          stmt = prepareWrapped(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        }
        cache.set(source, stmt);
        return stmt;
      };
    },
  });
}

type ReaderStatement = ReturnType<SQLiteDatabase['prepare']>;

/**
 * A reader statement switched to arrays, and the rows built from them as better-sqlite3 would build them (one property
 * per column in order, a repeated name keeping its last value). Before Node 22, better-sqlite3 builds each row object
 * in C++ one property at a time, interning every column name again for every row: for a page of 26 users that was
 * most of the statement's time (measured in docs/performance.md, fifteenth session). The rows are built by a function
 * compiled for the statement's columns (db/row-shapes.ts). A schema change through the connection empties its
 * statement cache; one through another connection is seen when a row's width changes.
 */
function rowsAsObjects(stmt: ReaderStatement) {
  stmt.raw(true);
  const columnNames = () => stmt.columns().map((c) => c.name);
  let names = columnNames();
  let build = rowBuilder(names);
  const row = (values: unknown[]) => {
    if (values.length !== names.length) {
      names = columnNames();
      build = rowBuilder(names);
    }
    return build(values);
  };
  return {
    row,
    maybeRow: (values: unknown[] | undefined) => (values === undefined ? undefined : row(values)),
    *each(iterator: Iterable<unknown[]>) {
      for (const values of iterator) yield row(values);
    },
  };
}

/** Turn SQLite's 0/1 back into booleans for the columns declared boolean, so both engines return the same values. */
export class BooleanColumnsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!rows.length) return args.result;
    // The rows of one result share their columns: find the boolean ones once.
    const keys = Object.keys(rows[0]).filter((key) => BOOLEAN_COLUMNS.has(key));
    for (const row of rows) {
      for (const key of keys) if (typeof row[key] === 'number') row[key] = row[key] === 1;
    }
    return args.result;
  }
}
