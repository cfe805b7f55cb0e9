import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Decision 095: card refunds owed through Stripe, kept until Stripe confirms them so a failed send is retried. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('stripe_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stripe_refund_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    .execute();
  await sql`create index stripe_refunds_pending_idx on stripe_refunds (created_at) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('stripe_refunds_order_idx').on('stripe_refunds').column('order_id').execute();
}

export async function down(): Promise<void> {}
