import { sql, type Kysely } from 'kysely';

/**
 * Lost chargebacks on settled orders with money still to recover (decision 183), counted on every admin page (decision
 * 186) and listed on the admin's orders: a partial index of those rows only, so neither grows with the chargebacks
 * recovered or won. Every column of the condition, so that the count is read from the index alone (as SQLite prefers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index chargebacks_to_recover_idx
    on chargebacks (order_id, status, withdrawn_cents, reinstated_cents, recovered_cents)
    where status = 'lost' and withdrawn_cents > reinstated_cents + recovered_cents`.execute(db);
}

export async function down(): Promise<void> {}
