import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Saved searches with mailed alerts (decision 167): the canonical filters, once per member; `checked_at` is up to when
 * new listings were looked for, and the alert sweep finds what is due from its index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('checked_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('saved_searches_user_query_uq', ['user_id', 'query'])
    .execute();
  await db.schema.createIndex('saved_searches_checked_idx').on('saved_searches').columns(['checked_at']).execute();
}

export async function down(): Promise<void> {}
