import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, createUser, testEngine } from '../test/test-app';
import { ManualClock } from '../lib/clock';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('data layer', () => {
  it('returns booleans and epoch-millisecond numbers the same way on every engine', async () => {
    const now = Date.UTC(2026, 0, 1, 23, 59, 59, 123);
    await createUser({ db: handle.db, clock: new ManualClock(now) }, { id: 'u1', emailVerified: false });
    const row = await handle.db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(row.createdAt).toBe(now);
    expect(row.profileComplete).toBe(true);
    expect(row.emailVerified).toBe(false);
    const filtered = await handle.db.selectFrom('users').select('id').where('profileComplete', '=', true).execute();
    expect(filtered).toEqual([{ id: 'u1' }]);
    const count = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('is idempotent when migrating again', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});

// The server opens DATABASE_URL as it is, and the URL may name its schema (`options=-c search_path=…`). Kysely looks
// for its bookkeeping tables in every schema unless told which, and another schema's (another app using Kysely, a
// second deployment) made a fresh schema's first migration fail: "relation kysely_migration_lock does not exist".
describe.runIf(testEngine === 'postgres')('migrations beside other schemas of the same database', () => {
  it('migrates the schema the connection uses, whatever other schemas hold', async () => {
    const schema = `fresh_${randomBytes(5).toString('hex')}`;
    await sql`create schema ${sql.id(schema)}`.execute(handle.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const own = openDatabase(url.toString());
    try {
      expect((await migrateToLatest(own.db)).length).toBeGreaterThan(0);
      expect(await migrateToLatest(own.db)).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = ${schema} and table_name in ('kysely_migration', 'users')`.execute(handle.db);
      expect(rows[0].n).toBe(2);
    } finally {
      await own.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
    }
  });
});

// A scratch schema on an address with options of its own (tests add `synchronous_commit=off`): the address's options
// used to replace the schema's search path, so every test file wrote into the database's default schema.
describe.runIf(testEngine === 'postgres')('a schema on an address with options of its own', () => {
  it('keeps both the address options and the schema', async () => {
    const schema = `opts_${randomBytes(5).toString('hex')}`;
    await sql`create schema ${sql.id(schema)}`.execute(handle.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=12345');
    const own = openDatabase(url.toString(), { pgSchema: schema });
    try {
      const path = await sql<{ searchPath: string }>`show search_path`.execute(own.db);
      expect(path.rows[0].searchPath).toBe(schema);
      const timeout = await sql<{ statementTimeout: string }>`show statement_timeout`.execute(own.db);
      expect(timeout.rows[0].statementTimeout).toBe('12345ms');
    } finally {
      await own.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
    }
  });
});
