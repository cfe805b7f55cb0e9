import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';
import { migrateNewSchema, pgTemplateScript, runOnServer } from './scratch-templates';

/** What the schema holds, with its own name written as `<schema>`, to compare a copied scratch with a migrated one. */
async function shapeOf(handle: DatabaseHandle) {
  const own = (text: string | null) => (text ?? '').replaceAll(handle.pgSchema ?? '', '<schema>');
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
  if (handle.engine === 'sqlite') {
    const objects = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master order by type, name`.execute(handle.db);
    return { objects: objects.rows, migrations: migrations.rows };
  }
  const schema = handle.pgSchema!;
  const columns = await sql<Record<string, string | null>>`
    select table_name, column_name, data_type, is_nullable, column_default,
      -- The place among the table's columns: a dropped column leaves a gap in its numbers that pg_dump closes.
      row_number() over (partition by table_name order by ordinal_position) as place
    from information_schema.columns
    where table_schema = ${schema} order by table_name, ordinal_position`.execute(handle.db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = ${schema} order by indexname`.execute(handle.db);
  const constraints = await sql<{ name: string; def: string }>`
    select c.conname as name, pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace where n.nspname = ${schema} order by c.conrelid::regclass::text, 1
  `.execute(handle.db);
  const triggers = await sql<{ name: string; def: string }>`
    select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class r on r.oid = t.tgrelid
    join pg_namespace n on n.oid = r.relnamespace where n.nspname = ${schema} and not t.tgisinternal order by 1
  `.execute(handle.db);
  const functions = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema} order by 1`.execute(handle.db);
  const options = await sql<{ name: string; options: string[] | null }>`
    select c.relname as name, c.reloptions as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} order by 1`.execute(handle.db);
  return {
    columns: columns.rows.map((c) => ({ ...c, column_default: own(c.column_default) })),
    indexes: indexes.rows.map((i) => ({ ...i, indexdef: own(i.indexdef) })),
    constraints: constraints.rows.map((c) => ({ ...c, def: own(c.def) })),
    triggers: triggers.rows.map((t) => ({ ...t, def: own(t.def) })),
    functions: functions.rows.map((f) => ({ ...f, def: own(f.def) })),
    options: options.rows,
    migrations: migrations.rows,
  };
}

/** A database migrated here, step by step, as production migrates one. */
async function migratedDatabase(): Promise<DatabaseHandle> {
  if (testEngine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-migrated-'));
    const handle = openDatabase(`sqlite:${path.join(dir, 'migrated.db')}`);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `migrated_${randomBytes(5).toString('hex')}`;
  await migrateNewSchema(url, schema);
  const handle = openDatabase(url, { pgSchema: schema, poolSize: 2 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runOnServer(url, `drop schema ${schema} cascade`);
    },
  };
}

describe("a test's scratch database, copied from the process's migrated template", () => {
  let scratch: DatabaseHandle;
  let migrated: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createTestDatabase();
    migrated = await migratedDatabase();
  });
  afterAll(async () => {
    await scratch.close();
    await migrated.close();
  });

  it.runIf(testEngine === 'postgres')('is made on PostgreSQL from a pg_dump of a migrated schema', async () => {
    // Without pg_dump (PostgreSQL's client tools) every schema migrates: correct, but slower than the suite is meant to be.
    expect(await pgTemplateScript(scratch.url)).toContain('CREATE TABLE __scratch_template__.users');
  });

  it('holds what migrating gives: every table, column, index, constraint, trigger and function, and the migrations', async () => {
    const copy = await shapeOf(scratch);
    expect(copy.migrations.length).toBeGreaterThan(50);
    const compared = 'objects' in copy ? [copy.objects] : [copy.columns, copy.indexes, copy.constraints, copy.options];
    for (const rows of compared) expect(rows?.length).toBeGreaterThan(50);
    expect(copy).toEqual(await shapeOf(migrated));
  });

  it('is a database of its own: a row written in one scratch database is not in the next', async () => {
    const other = await createTestDatabase();
    try {
      await sql`insert into app_meta (key, value) values ('scratch-only', 'here')`.execute(scratch.db);
      const there = await sql`select key from app_meta where key = 'scratch-only'`.execute(other.db);
      expect(there.rows).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
