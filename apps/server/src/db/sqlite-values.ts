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

const toBindable = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 cannot bind booleans; bind them as 0/1. Prepared statements are cached by SQL text,
 * since Kysely prepares every query afresh and preparing costs more than running a small query.
 */
export function bindableSqlite(raw: SQLiteDatabase): SQLiteDatabase {
  const prepare = raw.prepare.bind(raw);
  const cache = new Map<string, ReturnType<SQLiteDatabase['prepare']>>();
  const prepareWrapped = (source: string) => {
    const stmt = prepare(source);
    const wrap =
      (fn: (...a: unknown[]) => unknown) =>
      (...args: unknown[]) =>
        fn.apply(
          stmt,
          args.map((a) => (Array.isArray(a) ? a.map(toBindable) : toBindable(a))),
        );
    return new Proxy(stmt, {
      get(s, p, r) {
        const value = Reflect.get(s, p, r);
        if (p === 'run' || p === 'all' || p === 'get' || p === 'iterate')
          return wrap(value as (...a: unknown[]) => unknown);
        return typeof value === 'function' ? value.bind(s) : value;
      },
    });
  };
  return new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (source: string) => {
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

/** Turn SQLite's 0/1 back into booleans for the columns declared boolean, so both engines return the same values. */
export class BooleanColumnsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        if (BOOLEAN_COLUMNS.has(key) && typeof row[key] === 'number') row[key] = row[key] === 1;
      }
    }
    return args.result;
  }
}
