import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Decision 183: card chargebacks reported by the payment provider, and the hold they put on their order. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('chargebacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_status_at_open', 'text', (c) => c.notNull())
    .addColumn('opened_at', t.timestamp, (c) => c.notNull())
    .addColumn('closed_at', t.timestamp)
    // When the provider was last asked for a decision whose webhook may have been lost.
    .addColumn('checked_at', t.timestamp)
    .execute();
  await db.schema.createIndex('chargebacks_order_idx').on('chargebacks').column('order_id').execute();
  await sql`create index chargebacks_open_idx on chargebacks (opened_at) where status = 'open'`.execute(db);
  await db.schema.alterTable('orders').addColumn('chargeback_hold_since', t.timestamp).execute();
}

export async function down(): Promise<void> {}
