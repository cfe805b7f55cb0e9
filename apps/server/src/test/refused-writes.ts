import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';

export type Write = 'insert' | 'update' | 'delete';
type Handle = Pick<DatabaseHandle, 'db' | 'engine'>;

let made = 0;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A trigger that refuses the `event` ("insert", "update", "update of x") of the table's rows meeting `when`. */
async function refuse(handle: Handle, table: string, event: string, when: string) {
  const name = `refuse_write_${++made}`;
  if (handle.engine === 'postgres')
    await sql`create or replace function refuse_write() returns trigger language plpgsql
      as $$ begin raise exception 'refused by the test'; end $$`.execute(handle.db);
  const statement =
    handle.engine === 'sqlite'
      ? `create trigger ${name} before ${event} on ${quoted(table)} when ${when}
         begin select raise(abort, 'refused by the test'); end`
      : `create trigger ${name} before ${event} on ${quoted(table)} for each row when (${when})
         execute function refuse_write()`;
  await sql.raw(statement).execute(handle.db);
  return name;
}

const lifter = (handle: Handle, table: string, names: string[]) => async () => {
  const on = handle.engine === 'postgres' ? ` on ${quoted(table)}` : '';
  for (const name of names) await sql.raw(`drop trigger ${name}${on}`).execute(handle.db);
};

/**
 * The database refuses every write of the table's rows whose column holds `value` (a row inserted with it, deleted
 * while holding it, or an update that sets that column of it), as it refuses a row that breaks a constraint: an item a
 * background job can never finish, on either engine. `table` and `column` are SQL names (snake_case). Answers a
 * function that lifts the refusal (the fault mended).
 */
export async function refuseWrites(
  handle: Handle,
  table: string,
  column: string,
  value: string,
  writes: Write[] = ['insert', 'update', 'delete'],
) {
  const names: string[] = [];
  for (const write of writes) {
    const row = `${write === 'insert' ? 'new' : 'old'}.${quoted(column)}`;
    // Of that column only: an engine's own upkeep of the row (SQLite's search key) is not refused.
    const event = write === 'update' ? `update of ${quoted(column)}` : write;
    names.push(await refuse(handle, table, event, `${row} = ${literal(value)}`));
  }
  return lifter(handle, table, names);
}

/**
 * The database refuses every update of the table's rows whose text `column` holds `value`, whatever the update sets
 * (with `of`, an update that sets that column): a row a job can never claim or move on, found by its key rather than
 * by the value written. Answers a function that lifts the refusal.
 */
export async function refuseUpdatesOfRows(handle: Handle, table: string, column: string, value: string, of?: string) {
  const event = of ? `update of ${quoted(of)}` : 'update';
  return lifter(handle, table, [await refuse(handle, table, event, `old.${quoted(column)} = ${literal(value)}`)]);
}
