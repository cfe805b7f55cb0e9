import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, insertDeletedUser } from '../test/test-app';
import type { DatabaseHandle } from './database';
import type { TableWrites } from './change-tracking';
import { newId } from '../lib/ids';
import type { WriteKeys } from './write-keys';
import { insertTestListing } from '../test/listing-fixtures';
import { ManualClock } from '../lib/clock';

let handle: DatabaseHandle;
const reports: TableWrites[] = [];
const keyReports: WriteKeys[] = [];
const reported = () => reports.map((w) => Object.fromEntries([...w].map(([t, c]) => [t, c && [...c].sort()])));

beforeAll(async () => {
  handle = await createTestDatabase();
  handle.writes.onWrite((w, k) => {
    reports.push(w);
    keyReports.push(k);
  });
});
afterAll(() => handle.close());

const user = (id = newId()) => ({
  id,
  email: `${id.toLowerCase()}@example.test`,
  passwordHash: 'x',
  displayName: 'Writer',
  phoneNumber: '',
  role: 'buyer' as const,
  createdAt: 1,
  lastActive: 1,
  profileComplete: true,
  emailVerified: true,
  disabled: false,
});

describe('committed writes are reported by table', () => {
  it('reports a write outside a transaction once it ran, and no read', async () => {
    reports.length = 0;
    const u = user();
    await handle.db.insertInto('users').values(u).execute();
    await handle.db.selectFrom('users').selectAll().where('id', '=', u.id).execute();
    await handle.db.updateTable('users').set({ lastActive: 2 }).where('id', '=', u.id).execute();
    await handle.db.updateTable('users').set({ displayName: 'B', lastActive: 3 }).where('id', '=', u.id).execute();
    await sql`update users set last_active = 4 where id = ${u.id}`.execute(handle.db);
    expect(reported()).toEqual([
      { users: null },
      { users: ['last_active'] },
      { users: ['display_name', 'last_active'] },
      { users: null },
    ]);
  });

  it('reports no write for a statement that changed no row, alone or in a transaction', async () => {
    reports.length = 0;
    const u = user();
    await handle.db.updateTable('users').set({ displayName: 'Nobody' }).where('id', '=', 'no-such-user').execute();
    await handle.db.deleteFrom('favorites').where('userId', '=', 'no-such-user').execute();
    await sql`update users set last_active = 5 where id = ${'no-such-user'}`.execute(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(u).execute();
      await trx.deleteFrom('favorites').where('userId', '=', u.id).execute();
    });
    await handle.db
      .insertInto('users')
      .values(u)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    expect(reported()).toEqual([{ users: null }]);
  });

  it('reports a transaction only after it committed, all its tables at once', async () => {
    reports.length = 0;
    const u = user();
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(u).execute();
      await trx.updateTable('users').set({ lastActive: 5 }).where('id', '=', u.id).execute();
      await insertDeletedUser(trx, u, { deletedBy: u.id, createdAt: 5, updatedAt: 5 });
      expect(reports).toEqual([]);
    });
    expect(reported()).toEqual([{ users: null, deleted_users: null }]);
  });

  it('reports nothing for a transaction that rolled back', async () => {
    reports.length = 0;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user()).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').limit(1).execute();
    });
    expect(reports).toEqual([]);
  });

  it('keeps reporting after a listener throws', async () => {
    reports.length = 0;
    const stop = handle.writes.onWrite(() => {
      throw new Error('listener bug');
    });
    await handle.db.insertInto('users').values(user()).execute();
    stop();
    await handle.db.insertInto('users').values(user()).execute();
    expect(reported()).toEqual([{ users: null }, { users: null }]);
  });
});

describe('writes of a keyed table are reported with the keys of the rows they touched', () => {
  const keysReported = () =>
    keyReports.map((k) => Object.fromEntries([...k].map(([t, keys]) => [t, keys && [...keys].sort()])));

  it('names the members whose favorites a write touched, and everyone when it cannot tell', async () => {
    const [a, b] = [user('A' + newId()), user('B' + newId())];
    await handle.db.insertInto('users').values([a, b]).execute();
    const listing = await insertTestListing({ db: handle.db, clock: new ManualClock(1) }, a.id);
    keyReports.length = 0;
    const row = (userId: string) => ({ userId, listingId: listing.id, createdAt: 1 });
    await handle.db.insertInto('favorites').values(row(a.id)).execute();
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('favorites').values(row(b.id)).execute();
      await trx.updateTable('listings').set({ favoriteCount: 2 }).where('id', '=', listing.id).execute();
    });
    await handle.db
      .deleteFrom('favorites')
      .where('listingId', '=', listing.id)
      .where('userId', 'in', [a.id, b.id])
      .execute();
    await handle.db
      .insertInto('favorites')
      .values([row(a.id), row(b.id)])
      .execute();
    await handle.db.updateTable('favorites').set({ priceMailedCents: 5 }).where('listingId', '=', listing.id).execute();
    await sql`delete from favorites where user_id = ${a.id}`.execute(handle.db);
    await handle.db.deleteFrom('favorites').where('userId', '=', b.id).execute();
    expect(keysReported()).toEqual([
      { favorites: [a.id] },
      { favorites: [b.id] },
      { favorites: [a.id, b.id].sort() },
      { favorites: [a.id, b.id].sort() },
      { favorites: null },
      { favorites: null },
      { favorites: [b.id] },
    ]);
  });
});
