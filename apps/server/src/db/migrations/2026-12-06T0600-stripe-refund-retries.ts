import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Owed Stripe refunds are retried when their time comes, a failed one later each time, so failing ones cannot keep the
 * others waiting; the retry reads the pending ones in that order on an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('stripe_refunds')
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update stripe_refunds set next_attempt_at = created_at`.execute(db);
  await sql`drop index stripe_refunds_pending_idx`.execute(db);
  await sql`create index stripe_refunds_due_idx on stripe_refunds (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(): Promise<void> {}
