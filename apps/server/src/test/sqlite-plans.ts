import { openDatabase, type Database } from '../db/database';

type Method = 'all' | 'get' | 'iterate';

/**
 * SQLite's plan for each statement `fn` reads with (EXPLAIN QUERY PLAN, with the values it ran with), on a connection
 * of its own to the database at `url`: what a test of a query's shape asserts, since SQLite plans without statistics
 * and a new index can change its choice. The connection is new so that every statement is prepared, and seen, here.
 */
export async function sqlitePlans<T>(url: string, fn: (db: Database) => Promise<T>) {
  const handle = openDatabase(url);
  const raw = handle.sqlite!;
  const proto = Object.getPrototypeOf(raw.prepare('select 1')) as Record<Method, (...args: unknown[]) => unknown>;
  const ran: Array<{ source: string; args: unknown[] }> = [];
  const originals = (['all', 'get', 'iterate'] as const).map((method) => {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      ran.push({ source: this.source, args });
      return original.apply(this, args);
    };
    return () => (proto[method] = original);
  });
  try {
    const result = await fn(handle.db);
    originals.forEach((restore) => restore());
    const plans = ran.map(({ source, args }) => ({
      source,
      plan: (raw.prepare(`explain query plan ${source}`).all(...args) as Array<{ detail: string }>).map(
        (r) => r.detail,
      ),
    }));
    return { result, plans };
  } finally {
    originals.forEach((restore) => restore());
    await handle.close();
  }
}

/** The plan (lines joined by " | ") of the statement of `fn` whose SQL matches `statement`, and `fn`'s result. */
export async function sqlitePlanOf<T>(url: string, statement: RegExp, fn: (db: Database) => Promise<T>) {
  const { result, plans } = await sqlitePlans(url, fn);
  const found = plans.find((p) => statement.test(p.source));
  if (!found) throw new Error(`no statement matches ${statement} among:\n${plans.map((p) => p.source).join('\n')}`);
  return { result, plan: found.plan.join(' | ') };
}
