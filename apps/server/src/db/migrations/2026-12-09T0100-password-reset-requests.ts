import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 227: a password-reset request is kept as asked, for any address, before the reply; the link is made and
 * mailed after it, so the reply takes the same work whether the address has an account or not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_requests_created_idx')
    .on('password_reset_requests')
    .column('created_at')
    .execute();
}

export async function down(): Promise<void> {}
