import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase, testEngine } from './test-app';
import { someoneWaitsOnLock, untilLockWaitOr } from './lock-waits';

// Two files' schemas in one database, as the two test workers have them: a lock wait in one is not the other's.
describe.runIf(testEngine === 'postgres')('lock waits seen by a race test', () => {
  let mine: DatabaseHandle;
  let theirs: DatabaseHandle;
  beforeAll(async () => {
    [mine, theirs] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('counts a lock wait in its own schema, and not one in another schema', async () => {
    // Its pool has room for the holder, the waiter and the question.
    let locked!: () => void;
    let release!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = theirs.db.transaction().execute(async (trx) => {
      await sql`lock table users in exclusive mode`.execute(trx);
      locked();
      await held;
    });
    try {
      await lockTaken;
      const waiting = theirs.db.selectFrom('users').select('id').forUpdate().execute();
      await untilLockWaitOr(theirs.db, waiting);
      expect(await someoneWaitsOnLock(theirs.db)).toBe(true);
      expect(await someoneWaitsOnLock(mine.db)).toBe(false);
      release();
      await waiting;
      expect(await someoneWaitsOnLock(theirs.db)).toBe(false);
    } finally {
      release();
      await holding;
    }
  });
});
