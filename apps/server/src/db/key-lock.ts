import { sql, type Transaction } from 'kysely';
import { engineOf, type Database } from './database';
import type { DB } from './schema';

/**
 * Run fn in a transaction that holds the named locks until it ends, so a read-then-write on the same keys
 * (count the attempts, then record one) cannot interleave with another request's. PostgreSQL takes advisory
 * locks (in sorted order, so two callers never deadlock); SQLite already runs one transaction at a time.
 */
export async function withKeyLocks<T>(db: Database, keys: string[], fn: (trx: Transaction<DB>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, keys);
    return fn(trx);
  });
}

/** Take the named locks inside a transaction already open; they are held until it ends (taking one twice is fine). */
export async function lockKeys(trx: Database, keys: string[]) {
  if (engineOf(trx) !== 'postgres') return;
  for (const key of [...new Set(keys)].sort())
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** The lock of one account's standing: deleting it and starting an order with it take it, so they do not interleave. */
export const accountLock = (userId: string) => `account:${userId}`;
