import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { newId } from '../lib/ids';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-06T0100-session-public-ids';

/** Sessions started before the migration get a public id each, so every device can be signed out (decision 199). */
describe('the migration of session public ids', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('gives every session already there its own random public id', async () => {
    // The database as it was before the migration.
    await sql`drop index sessions_public_id_idx`.execute(handle.db);
    await sql`alter table sessions drop column public_id`.execute(handle.db);
    const clock = new ManualClock(Date.UTC(2026, 11, 6));
    const member = await createUser({ db: handle.db, clock }, { role: 'buyer' });
    const stored = [newId(), newId(), newId()];
    for (const id of stored)
      await sql`insert into sessions (id, user_id, remember, csrf_token, created_at, last_active, user_agent, ip)
        values (${id}, ${member.id}, ${false}, 'csrf', ${clock.now()}, ${clock.now()}, '', '')`.execute(handle.db);

    await up(handle.db);
    const rows = await handle.db.selectFrom('sessions').select(['id', 'publicId']).execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...stored].sort());
    const publicIds = rows.map((r) => r.publicId);
    expect(new Set(publicIds).size).toBe(3);
    for (const r of rows) {
      expect(r.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r.publicId).not.toBe(r.id);
    }
  });
});
