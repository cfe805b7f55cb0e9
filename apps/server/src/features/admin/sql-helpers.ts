import { sql, type Expression, type SqlBool } from 'kysely';
import type { Cursor } from '@accountry/shared/admin-paging';

/** Case-insensitive "contains" on both engines; % and _ in the search are matched literally. */
export function containsText(column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Rows after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(createdAtColumn: string, idColumn: string, cursor: Cursor): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(createdAtColumn)} < ${cursor.createdAt} or (${sql.ref(createdAtColumn)} = ${cursor.createdAt} and ${sql.ref(idColumn)} < ${cursor.id}))`;
}

/** Split a limit+1 fetch into the page and the cursor of its last row. */
export function toPage<T extends { createdAt: number; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
