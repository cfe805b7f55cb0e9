import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Decision 095: a Checkout Session still to expire at Stripe (its order was canceled or expired unpaid). */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('orders').addColumn('checkout_expiry_owed_at', t.timestamp).execute();
  await sql`create index orders_checkout_expiry_owed_idx on orders (checkout_expiry_owed_at)
    where checkout_expiry_owed_at is not null`.execute(db);
}

export async function down(): Promise<void> {}
