import { sql, type Transaction } from 'kysely';
import { engineOf, type Database } from './database';
import type { DB } from './schema';

/**
 * Run fn in a transaction that holds the named locks until it ends, so a read-then-write on the same keys
 * (count the attempts, then record one) cannot interleave with another request's. PostgreSQL takes advisory
 * locks (in sorted order, so two callers never deadlock); SQLite already runs one transaction at a time.
 */
export async function withKeyLocks<T>(db: Database, keys: string[], fn: (trx: Transaction<DB>) => Promise<T>) {
  const postgres = engineOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    if (postgres)
      for (const key of [...new Set(keys)].sort())
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    return fn(trx);
  });
}
