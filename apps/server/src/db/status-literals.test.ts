import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, insertDeletedUser } from '../test/test-app';
import { ManualClock } from '../lib/clock';
import type { DatabaseHandle } from './database';
import { preparedQuery } from './prepared-query';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const ctx = { db: handle.db, clock: new ManualClock(0) };
  const [a, b] = [
    await createUser(ctx, { id: 'a' }),
    await createUser(ctx, { id: 'b' }),
    await createUser(ctx, { id: 'c' }),
  ];
  await insertDeletedUser(handle.db, a, { status: 'unresolved' });
  await insertDeletedUser(handle.db, b, { status: 'resolved' });
});
afterAll(() => handle.close());

describe('statuses written into statements', () => {
  it('writes a status word compared with a status column into the text, and binds everything else', () => {
    const one = handle.db
      .selectFrom('deletedUsers as d')
      .select('uid')
      .where('d.status', '=', 'unresolved')
      .where('reason', '=', 'resolved')
      .compile();
    expect(one.sql).toContain(`"d"."status" = 'unresolved'`);
    expect(one.sql).toContain(`"reason" = ?`.replace('?', handle.engine === 'postgres' ? '$1' : '?'));
    expect(one.parameters).toEqual(['resolved']);

    const list = handle.db
      .selectFrom('listings')
      .select('id')
      .where('status', 'in', ['active', 'sold'])
      .where('status', '!=', 'hidden')
      .compile();
    expect(list.sql).toContain(`"status" in ('active', 'sold')`);
    expect(list.sql).toContain(`"status" != 'hidden'`);
    expect(list.parameters).toEqual([]);
  });

  it('binds a value that is not one of the schema’s status words, even against a status column', () => {
    const odd = handle.db
      .selectFrom('deletedUsers')
      .select('uid')
      .where('status', '=', "x' or 1=1 --" as never)
      .compile();
    expect(odd.parameters).toEqual(["x' or 1=1 --"]);
    const mixed = handle.db
      .selectFrom('listings')
      .select('id')
      .where('status', 'in', ['active', 'nonsense' as never])
      .compile();
    expect(mixed.parameters).toEqual(['active', 'nonsense']);
  });

  it('reads the rows the bound query read', async () => {
    const uids = async (status: 'unresolved' | 'resolved') =>
      (await handle.db.selectFrom('deletedUsers').select('uid').where('status', '=', status).execute()).map(
        (r) => r.uid,
      );
    expect(await uids('unresolved')).toEqual(['a']);
    expect(await uids('resolved')).toEqual(['b']);
    const notResolved = await handle.db
      .selectFrom('users')
      .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
      .select('users.id')
      .where((eb) => eb.or([eb('deletedUsers.status', 'is', null), eb('deletedUsers.status', '!=', 'resolved')]))
      .orderBy('users.id')
      .execute();
    expect(notResolved.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('keeps a prepared query’s status argument a parameter: a later call with another status reads its own rows', async () => {
    const byStatus = preparedQuery((db, a: { status: 'unresolved' | 'resolved' }) =>
      db.selectFrom('deletedUsers').select('uid').where('status', '=', a.status),
    );
    expect((await byStatus.execute(handle.db, { status: 'resolved' })).map((r) => r.uid)).toEqual(['b']);
    expect((await byStatus.execute(handle.db, { status: 'unresolved' })).map((r) => r.uid)).toEqual(['a']);
  });
});
