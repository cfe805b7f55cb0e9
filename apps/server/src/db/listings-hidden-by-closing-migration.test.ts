import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { insertTestListing } from '../test/listing-fixtures';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-15T0100-listings-hidden-by-closing';

/** Listings hidden before the column existed: the closing's own words tell which closing hid them (decision 169). */
describe('the migration of listings hidden by an account closing', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('marks the listings hidden in the words of a disabling or a deletion, and no other', async () => {
    await sql`alter table listings drop column hidden_by_closing`.execute(handle.db);
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 15)) };
    const seller = await createUser(arrange, { role: 'seller' });
    const reasons = [
      "Hidden because the seller's account is disabled.",
      "Hidden because the seller's account was deleted.",
      'Stolen account',
      null,
    ];
    const ids: string[] = [];
    for (const reason of reasons) {
      const { id } = await insertTestListing(arrange, seller.id);
      await sql`update listings set status = ${reason ? 'hidden' : 'active'}, hidden_reason = ${reason}
        where id = ${id}`.execute(handle.db);
      ids.push(id);
    }

    await up(handle.db);
    const rows = await handle.db
      .selectFrom('listings')
      .select(['id', 'hiddenByClosing'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.hiddenByClosing]));
    expect(ids.map((id) => byId.get(id))).toEqual(['disabled', 'deleted', null, null]);
  });
});
