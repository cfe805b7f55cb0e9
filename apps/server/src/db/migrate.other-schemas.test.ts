import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, testEngine } from '../test/test-app';
import type { DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

/**
 * Another process's schema in the same database may be dropped while this one migrates (a second deployment, another
 * app, a test run's scratch schemas). Reading every schema's tables to find its own bookkeeping tables, a migration
 * failed with "schema … does not exist" when one of them went away halfway through the read.
 */
describe.runIf(testEngine === 'postgres')('migrating while another schema of the database is dropped', () => {
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const others = Array.from({ length: 30 }, (_, i) => `gone_${randomBytes(4).toString('hex')}_${i}`);
  beforeAll(async () => {
    handle = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Schemas like another deployment's: tables whose columns take sequences.
    for (const schema of others) {
      const tables = Array.from(
        { length: 15 },
        (_, t) => `create table ${schema}.t${t} (id serial primary key, a text);`,
      );
      await admin.query(`create schema ${schema}; ${tables.join(' ')}`);
    }
  });
  afterAll(async () => {
    for (const schema of others) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    await handle.close();
  });

  it('still migrates its own schema', async () => {
    let dropping = true;
    const drops = (async () => {
      for (const schema of others) await admin.query(`drop schema ${schema} cascade`);
      dropping = false;
    })();
    const failures: string[] = [];
    while (dropping) {
      await migrateToLatest(handle.db).catch((err: Error) => failures.push(err.message));
    }
    await drops;
    // How many runs overlap the drops depends on the machine's speed (on the old introspector most of them failed).
    expect(failures).toEqual([]);
    // Its own bookkeeping was found each time: nothing left to run, and nothing was run twice.
    expect(await migrateToLatest(handle.db)).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
  });
});
