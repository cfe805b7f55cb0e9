import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testEngine } from '../test/test-app';
import type { DatabaseHandle } from './database';
import { preparedQuery } from './prepared-query';
import { newId } from '../lib/ids';
import { setTimeout as sleep } from 'node:timers/promises';

let handle: DatabaseHandle;
const ids = [newId(), newId(), newId()];

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db
    .insertInto('users')
    .values(
      ids.map((id, i) => ({
        id,
        email: `${id.toLowerCase()}@example.test`,
        passwordHash: 'x',
        displayName: `Member ${i}`,
        phoneNumber: '',
        role: 'buyer' as const,
        createdAt: i,
        lastActive: i,
        profileComplete: true,
        emailVerified: i !== 1,
        disabled: false,
      })),
    )
    .execute();
});
afterAll(() => handle.close());

let builds = 0;
const namesAmong = preparedQuery((db, a: { ids: string[]; verified: boolean; after?: number | null }) => {
  builds++;
  let q = db
    .selectFrom('users')
    .select(['displayName', 'emailVerified'])
    .where('id', 'in', a.ids)
    .where('emailVerified', '=', a.verified);
  if (a.after !== undefined && a.after !== null) q = q.where('createdAt', '>', a.after);
  return q.orderBy('createdAt');
});

describe('prepared queries', () => {
  it('runs the statement compiled once with each call’s values, rows transformed as Kysely’s own', async () => {
    expect(await namesAmong.execute(handle.db, { ids, verified: true })).toEqual([
      { displayName: 'Member 0', emailVerified: true },
      { displayName: 'Member 2', emailVerified: true },
    ]);
    expect(await namesAmong.execute(handle.db, { ids, verified: false })).toEqual([
      { displayName: 'Member 1', emailVerified: false },
    ]);
    expect(await namesAmong.takeFirst(handle.db, { ids: [ids[2]], verified: true })).toEqual({
      displayName: 'Member 2',
      emailVerified: true,
    });
    expect(await namesAmong.takeFirst(handle.db, { ids: [newId()], verified: true })).toBeUndefined();
    expect(builds).toBe(2); // three ids, then one
  });

  it('compiles again for another array length or a missing argument, never reusing a wrong shape', async () => {
    expect(await namesAmong.execute(handle.db, { ids: ids.slice(0, 2), verified: true, after: null })).toHaveLength(1);
    expect(await namesAmong.execute(handle.db, { ids, verified: true, after: 0 })).toEqual([
      { displayName: 'Member 2', emailVerified: true },
    ]);
    expect(await namesAmong.execute(handle.db, { ids, verified: true })).toHaveLength(2);
    expect(builds).toBe(4); // two ids without `after`, three with it
  });

  it('compiles again under another set of plugins, which transform the statement as it compiles', async () => {
    let transformed = 0;
    const counting = handle.db.withPlugin({
      transformQuery: (args) => (transformed++, args.node),
      transformResult: async (args) => args.result,
    });
    await namesAmong.execute(counting, { ids, verified: true });
    await namesAmong.execute(counting, { ids, verified: true });
    expect(transformed).toBe(1);
  });

  it('runs inside a transaction on its connection', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ displayName: 'Renamed' }).where('id', '=', ids[0]).execute();
      expect(await namesAmong.takeFirst(trx, { ids: [ids[0]], verified: true })).toMatchObject({
        displayName: 'Renamed',
      });
    });
  });

  // On SQLite the transaction and the read share one connection: the read must wait for the connection.
  it('never shows a read from outside a transaction what the transaction has not committed', async () => {
    let outside: Promise<unknown> | undefined;
    const rolledBack = handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ displayName: 'Never committed' }).where('id', '=', ids[2]).execute();
      outside = namesAmong.takeFirst(handle.db, { ids: [ids[2]], verified: true });
      await sleep(20);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await outside).toEqual({ displayName: 'Member 2', emailVerified: true });
  });

  it('refuses a builder that computes with an argument instead of passing it on', async () => {
    const computed = preparedQuery((db, a: { since: number }) =>
      db
        .selectFrom('users')
        .select('id')
        .where('createdAt', '>', Number(a.since) || 0),
    );
    await expect(computed.execute(handle.db, { since: 1 })).rejects.toThrow('prepared query uses 0 of its 1');
  });

  it('writes a literal argument into the statement, one shape per value', async () => {
    let built = 0;
    const firstOnes = preparedQuery(
      (db, a: { verified: boolean; limit: number }) => {
        built++;
        return db
          .selectFrom('users')
          .select('createdAt')
          .where('emailVerified', '=', a.verified)
          .orderBy('createdAt')
          .limit(sql.lit(a.limit));
      },
      { literals: ['limit'] },
    );
    expect(await firstOnes.execute(handle.db, { verified: true, limit: 1 })).toEqual([{ createdAt: 0 }]);
    expect(await firstOnes.execute(handle.db, { verified: true, limit: 2 })).toHaveLength(2);
    expect(await firstOnes.execute(handle.db, { verified: false, limit: 1 })).toEqual([{ createdAt: 1 }]);
    expect(built).toBe(2);
  });

  it('compiles a raw SQL builder once, rows as written', async () => {
    let built = 0;
    const rawNames = preparedQuery((_db, a: { id: string; name: string }) => {
      built++;
      return sql<{ named: string }>`select display_name || ${a.name} as named from users where id = ${a.id}`;
    });
    expect(await rawNames.execute(handle.db, { id: ids[2], name: '!' })).toEqual([{ named: 'Member 2!' }]);
    expect(await rawNames.takeFirst(handle.db, { id: ids[1], name: '?' })).toEqual({ named: 'Member 1?' });
    expect(built).toBe(1);
  });

  it.runIf(testEngine === 'postgres')('passes an array argument as one array parameter', async () => {
    let built = 0;
    const named = preparedQuery((db, a: { first: string[]; more: string[] }) => {
      built++;
      return db
        .selectFrom('users')
        .select('createdAt')
        .where(sql<boolean>`id = any(${[...a.first, ...a.more]}::text[])`)
        .orderBy('createdAt');
    });
    expect(await named.execute(handle.db, { first: [ids[0]], more: [ids[2]] })).toEqual([
      { createdAt: 0 },
      { createdAt: 2 },
    ]);
    expect(await named.execute(handle.db, { first: [ids[1]], more: [newId()] })).toEqual([{ createdAt: 1 }]);
    expect(built).toBe(1);
  });

  it.runIf(testEngine === 'postgres')('is prepared once per PostgreSQL connection and run by name after', async () => {
    const phoneOf = preparedQuery((db, a: { id: string }) =>
      db.selectFrom('users').select('phoneNumber').where('id', '=', a.id),
    );
    await handle.db.connection().execute(async (connection) => {
      const kept = async () =>
        (
          await sql<{ name: string }>`select name from pg_prepared_statements
            where statement like '%"phone_number"%' order by name`.execute(connection)
        ).rows.map((r) => r.name);
      expect(await kept()).toEqual([]);
      for (const id of ids) expect(await phoneOf.takeFirst(connection, { id })).toEqual({ phoneNumber: '' });
      // One statement for the three runs: parsed and planned by the server once, on this connection.
      expect(await kept()).toEqual([expect.stringMatching(/^hot_[0-9a-f]{24}$/)]);
      // Ordinary queries are not kept on the server.
      await connection.selectFrom('users').select(['phoneNumber', 'id']).where('id', '=', ids[0]).execute();
      expect(await kept()).toHaveLength(1);
    });
  });
});
