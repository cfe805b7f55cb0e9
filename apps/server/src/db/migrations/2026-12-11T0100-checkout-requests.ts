import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 231: the parameters a Checkout Session create was first sent with, by idempotency key, so a key is sent
 * again only with them (Stripe refuses a key with other parameters) after its answer was lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('checkout_requests')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_requests_created_idx').on('checkout_requests').column('created_at').execute();
}

export async function down(): Promise<void> {}
