import type { Kysely, SelectQueryBuilder } from 'kysely';
import { engineOf } from './database';

// Row locks on PostgreSQL only: SQLite has no `FOR UPDATE`/`FOR SHARE`, and its write transactions run one at a time.

/** The select with `FOR UPDATE` on PostgreSQL: a write or lock of the rows it reads waits for the transaction. */
export const forUpdateOnPostgres = <DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (engineOf(db) === 'postgres' ? query.forUpdate() : query);

/** The select with `FOR SHARE` on PostgreSQL: others may read and share-lock the rows, a write to them waits. */
export const forShareOnPostgres = <DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (engineOf(db) === 'postgres' ? query.forShare() : query);
