import { sql, type Kysely } from 'kysely';

/**
 * What waits for an admin (decision 186), counted on every admin page: the disputes, in a partial index of their own
 * (with the chargeback hold that keeps one from an admin), so the count reads those and never the history of orders. Payouts, reports and
 * chargebacks count on their existing status indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Both columns of the condition, so that the count is read from the index alone (and SQLite prefers it).
  await sql`create index orders_admin_dispute_idx on orders (status, chargeback_hold_since)
    where status = 'disputed'`.execute(db);
}

export async function down(): Promise<void> {}
