import { sql, type Expression, type SqlBool } from 'kysely';
import type { Keyset } from './keyset-cursor';

/**
 * Work through the rows a background job owes, read a batch at a time, each batch after the last row of the one
 * before (decision 241): rows that fail every time, or that a run leaves where they were, cannot hold back those after
 * them, however many come first. `read` takes the rows past `after` in a unique order, `size` at most. One row's
 * failure goes to `failed` (to be logged with its id) and the walk goes on; the row stays as it was, for the next run.
 */
export async function walkInBatches<R>(
  size: number,
  read: (after: R | undefined) => Promise<R[]>,
  work: (row: R) => Promise<void>,
  failed: (err: unknown, row: R) => void,
): Promise<void> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) {
      try {
        await work(row);
      } catch (err) {
        failed(err, row);
      }
    }
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}

/**
 * Rows after the position in (column, id) order: a row-value comparison, with the column's own bound first so an index
 * on the column alone is sought to the position too (`afterCursor` is the descending twin).
 */
export function pastKeyset(column: string, idColumn: string, [value, id]: Keyset): Expression<SqlBool> {
  const col = sql.ref(column);
  return sql<SqlBool>`(${col} >= ${value} and (${col}, ${sql.ref(idColumn)}) > (${value}, ${id}))`;
}
