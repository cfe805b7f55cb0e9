import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { CredentialsCipher } from '../lib/credentials-cipher';
import { DEMO_USERS } from './demo-users';
import { DEMO_LISTING_COUNT } from './seed-listings';
import { isSeeded, seedDemoData } from './seed-demo-data';

/**
 * Several server processes starting together on one empty database (WORKERS > 1 on PostgreSQL) each call
 * seedDemoData: the marker row, inserted first in the seeding transaction, lets exactly one of them seed.
 */
const cipher = new CredentialsCipher(Buffer.alloc(32, 7));
let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  first = await createTestDatabase();
  second = openDatabase(first.url, { pgSchema: first.pgSchema });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const counts = async () => ({
  users: Number(
    (
      await first.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  listings: Number(
    (
      await first.db
        .selectFrom('listings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('demo data is seeded once', () => {
  // Two connections racing in one process: on SQLite the loser's lock wait would block the winner's own thread.
  it.runIf(testEngine === 'postgres')(
    'two processes seeding one empty database together: one seeds, the other waits and seeds nothing',
    async () => {
      const clock = new ManualClock();
      const results = await Promise.all([
        seedDemoData(first.db, clock, cipher),
        seedDemoData(second.db, clock, cipher),
      ]);
      expect(results.sort()).toEqual([false, true]);
      const after = await counts();
      expect(after.listings).toBe(DEMO_LISTING_COUNT);
      expect(after.users).toBeGreaterThanOrEqual(DEMO_USERS.length);
      expect(await seedDemoData(second.db, clock, cipher)).toBe(false);
      expect(await counts()).toEqual(after);
    },
    120_000,
  );

  it.runIf(testEngine === 'sqlite')(
    'a second start keeps the data and seeds nothing',
    async () => {
      const clock = new ManualClock();
      expect(await seedDemoData(first.db, clock, cipher)).toBe(true);
      const after = await counts();
      expect(after.listings).toBe(DEMO_LISTING_COUNT);
      expect(await seedDemoData(second.db, clock, cipher)).toBe(false);
      expect(await isSeeded(second.db)).toBe(true);
      expect(await counts()).toEqual(after);
    },
    120_000,
  );
});
