import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 244: a card dispute of a payment its order does not hold (a second payment, refunded at once as one the
 * order could not take), kept apart from `chargebacks`, whose rows hold orders and count against sellers. Keyed by the
 * provider's dispute id; what it booked of Stripe's fee and of the funds, so each report books only what it adds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('refunded_payment_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    // The Checkout Session that made the disputed payment (not the order's `provider_ref`).
    .addColumn('payment_ref', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', t.timestamp, (c) => c.notNull())
    .addColumn('closed_at', t.timestamp)
    // When the provider was last asked for a decision whose webhook may have been lost.
    .addColumn('checked_at', t.timestamp)
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_returned_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reinstated_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('refunded_payment_disputes_order_idx')
    .on('refunded_payment_disputes')
    .column('order_id')
    .execute();
  // The admins' count and the sweep's check read the open ones only.
  await sql`create index refunded_payment_disputes_open_idx on refunded_payment_disputes (opened_at, id)
    where status = 'open'`.execute(db);
}

export async function down(): Promise<void> {}
