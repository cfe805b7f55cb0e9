import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Card refunds Stripe refused wait for an admin (decision 095): counted on every admin page and listed on the admin's
 * orders from a partial index of those rows only; an admin sends one to Stripe again (counted: each such retry asks
 * Stripe under a key of its own) or records it settled outside Stripe with how it was paid back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // One column a statement: SQLite adds one at a time.
  await db.schema
    .alterTable('stripe_refunds')
    .addColumn('admin_retries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('stripe_refunds').addColumn('settled_at', t.timestamp).execute();
  await db.schema.alterTable('stripe_refunds').addColumn('settled_by', 'text').execute();
  await db.schema.alterTable('stripe_refunds').addColumn('settled_reference', 'text').execute();
  await db.schema
    .alterTable('stripe_refunds')
    .addColumn('covered_by_chargeback_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index stripe_refunds_refused_idx on stripe_refunds (order_id) where status = 'refused'`.execute(db);
}

export async function down(): Promise<void> {}
