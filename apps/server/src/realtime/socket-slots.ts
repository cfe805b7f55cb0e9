import type { Database } from '../db/database';
import { withKeyLocks } from '../db/key-lock';
import type { Clock } from '../lib/clock';

/**
 * Places for a user's sockets shared by every server process (PostgreSQL): a row per open socket in
 * `socket_leases`, taken under the user's lock so a burst over several processes cannot pass the cap. Without it
 * (one SQLite process) the hub counts its own connections.
 */
export interface SocketSlots {
  /** Take a place for the socket; false when the user already holds `cap`. */
  acquire(userId: string, slotId: string, cap: number): Promise<boolean>;
  release(slotId: string): Promise<void>;
  /** This process is alive: refresh its rows, and drop rows of processes not heard from for a while. */
  refresh(): Promise<void>;
  /** A clean stop frees this process's places at once. */
  close(): Promise<void>;
}

export function databaseSocketSlots(db: Database, clock: Clock, processId: string, staleMs: number): SocketSlots {
  const fresh = () => clock.now() - staleMs;
  return {
    acquire: (userId, slotId, cap) =>
      withKeyLocks(db, [`sockets-of:${userId}`], async (trx) => {
        const row = await trx
          .selectFrom('socketLeases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .where('seenAt', '>', fresh())
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= cap) return false;
        await trx.insertInto('socketLeases').values({ id: slotId, userId, processId, seenAt: clock.now() }).execute();
        return true;
      }),
    async release(slotId) {
      await db.deleteFrom('socketLeases').where('id', '=', slotId).execute();
    },
    async refresh() {
      await db.updateTable('socketLeases').set({ seenAt: clock.now() }).where('processId', '=', processId).execute();
      await db.deleteFrom('socketLeases').where('seenAt', '<=', fresh()).execute();
    },
    async close() {
      await db.deleteFrom('socketLeases').where('processId', '=', processId).execute();
    },
  };
}
