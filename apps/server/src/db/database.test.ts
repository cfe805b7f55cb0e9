import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser } from '../test/test-app';
import { ManualClock } from '../lib/clock';
import type { DatabaseHandle } from './database';
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
