import { sql, type Kysely } from 'kysely';

/**
 * An order's page lists its latest credential reveals with a count of the rest (`REVEALS_SHOWN`): read from an index
 * in that order, not by sorting every reveal of a buyer who looked many times. It replaces the index on the order alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index credential_reveals_order_time_idx on credential_reveals (order_id, created_at, id)`.execute(
    db,
  );
  await sql`drop index credential_reveals_order_idx`.execute(db);
}

export async function down(): Promise<void> {}
