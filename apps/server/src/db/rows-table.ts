import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './database';

export type RowsColumnType = 'text' | 'bigint' | 'integer';
type Cell = string | number | null;

/**
 * Rows as a derived table `alias(column, …)` for a statement of many rows: on PostgreSQL one array parameter per
 * column (`unnest`), on SQLite one JSON parameter (`json_each`). The statement's text is the same for any number of
 * rows, so it is compiled and planned once; a VALUES list puts a parameter in every cell, which Kysely walks and the
 * database parses again for each batch. Column names are the caller's constants, never input.
 */
export function rowsTable<C extends string>(
  engine: Engine,
  alias: string,
  columns: Record<C, RowsColumnType>,
  rows: ReadonlyArray<Record<C, Cell>>,
): RawBuilder<unknown> {
  const names = Object.keys(columns) as C[];
  if (engine === 'postgres') {
    const arrays = names.map((name) => sql`${rows.map((row) => row[name])}::${sql.raw(columns[name])}[]`);
    return sql`unnest(${sql.join(arrays)}) as ${sql.raw(alias)}(${sql.raw(names.join(', '))})`;
  }
  const cells = names.map((name, i) =>
    columns[name] === 'text' ? `value ->> ${i} as ${name}` : `cast(value ->> ${i} as integer) as ${name}`,
  );
  const json = JSON.stringify(rows.map((row) => names.map((name) => row[name])));
  return sql`(select ${sql.raw(cells.join(', '))} from json_each(${json})) as ${sql.raw(alias)}`;
}
