import type { Transaction } from 'kysely';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { conflict } from '../lib/app-error';
import type { Database } from './database';
import type { DB } from './schema';

/** SQLite's refusal of a write on a snapshot that another connection changed after the transaction's first read. */
const isStaleSnapshot = (err: unknown) => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY_SNAPSHOT';

/**
 * A transaction that reads the acting member's rights again among its first statements (an admin's role, decision
 * 219; a payout taker's, decision 223). On SQLite a write committed by another connection after that read fails the
 * transaction's first write as stale, and nothing was written: `refuseIfRightsGone` reads the rights again outside it
 * and throws their refusal; if they still hold, the answer is a 409.
 */
export async function rightsTransaction<T>(
  db: Database,
  fn: (trx: Transaction<DB>) => Promise<T>,
  refuseIfRightsGone: () => Promise<void>,
): Promise<T> {
  try {
    return await db.transaction().execute(fn);
  } catch (err) {
    if (!isStaleSnapshot(err)) throw err;
    await refuseIfRightsGone();
    throw conflict(CHANGED_MEANWHILE);
  }
}
