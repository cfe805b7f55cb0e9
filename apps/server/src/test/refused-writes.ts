import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';

export type Write = 'insert' | 'update' | 'delete';

let made = 0;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The database refuses every write of the table's rows whose column holds `value` (a row inserted with it, deleted
 * while holding it, or an update that sets that column of it), as it refuses a row that breaks a constraint: an item a
 * background job can never finish, on either engine. `table` and `column` are SQL names (snake_case). Answers a
 * function that lifts the refusal (the fault mended).
 */
export async function refuseWrites(
  handle: Pick<DatabaseHandle, 'db' | 'engine'>,
  table: string,
  column: string,
  value: string,
  writes: Write[] = ['insert', 'update', 'delete'],
) {
  const literal = `'${value.replaceAll("'", "''")}'`;
  const names: string[] = [];
  for (const write of writes) {
    const name = `refuse_write_${++made}`;
    names.push(name);
    const row = `${write === 'insert' ? 'new' : 'old'}.${quoted(column)}`;
    // Of that column only: an engine's own upkeep of the row (SQLite's search key) is not refused.
    const event = write === 'update' ? `update of ${quoted(column)}` : write;
    const statement =
      handle.engine === 'sqlite'
        ? `create trigger ${name} before ${event} on ${quoted(table)} when ${row} = ${literal}
           begin select raise(abort, 'refused by the test'); end`
        : `create trigger ${name} before ${event} on ${quoted(table)} for each row when (${row} = ${literal})
           execute function refuse_write()`;
    if (handle.engine === 'postgres')
      await sql`create or replace function refuse_write() returns trigger language plpgsql
        as $$ begin raise exception 'refused by the test'; end $$`.execute(handle.db);
    await sql.raw(statement).execute(handle.db);
  }
  return async () => {
    const on = handle.engine === 'postgres' ? ` on ${quoted(table)}` : '';
    for (const name of names) await sql.raw(`drop trigger ${name}${on}`).execute(handle.db);
  };
}
