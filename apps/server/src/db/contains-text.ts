import { sql, type Expression, type SqlBool } from 'kysely';
import type { Engine } from './database';

/**
 * What a `containsText` condition binds for a search: the lower-cased search on SQLite; on PostgreSQL a LIKE pattern
 * with %, _ and backslash escaped, so they match literally.
 */
export const containsNeedle = (engine: Engine, search: string) => {
  const lower = search.toLowerCase();
  return engine === 'sqlite' ? lower : `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
};

/**
 * The lower-cased column (or text expression) contains a needle made by `containsNeedle` (or a placeholder for one).
 * SQLite recompiles a statement on every run when a LIKE's pattern is a parameter (its planner may use the pattern):
 * 250-270 µs of an admin listings page. So it asks `instr`, which means the same there (both fold ASCII case only);
 * PostgreSQL keeps LIKE, which its trigram indexes serve.
 */
export const containsText = (
  engine: Engine,
  column: string | Expression<string>,
  needle: unknown,
): Expression<SqlBool> => {
  const text = typeof column === 'string' ? sql.ref(column) : column;
  return engine === 'sqlite'
    ? sql<SqlBool>`instr(lower(${text}), ${needle}) > 0`
    : sql<SqlBool>`lower(${text}) like ${needle} escape '\\'`;
};
