import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A mail when a message waits unread (decision 163): each side's `mailed_seq` is the last message a notice covered,
 * so one notice goes out until that side reads; `last_message_at` is indexed so the sweep reads only the
 * conversations that just went quiet. A user's choice to receive such mail lives apart from `users` (no row: on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('conversations')
    .addColumn('buyer_mailed_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('seller_mailed_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('conversations_last_message_idx')
    .on('conversations')
    .columns(['last_message_at', 'id'])
    .execute();
  await db.schema
    .createTable('email_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('unread_messages', t.boolean, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {}
