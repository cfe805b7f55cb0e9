import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Chat: messages numbered per conversation (seq), read/delivered markers per side on the conversation,
 * image attachments, and user blocks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  const counters: Array<[string, string]> = [
    ['last_seq', 'integer'],
    ['buyer_read_seq', 'integer'],
    ['seller_read_seq', 'integer'],
    ['buyer_delivered_seq', 'integer'],
    ['seller_delivered_seq', 'integer'],
  ];
  for (const [name, type] of counters) {
    await db.schema
      .alterTable('conversations')
      .addColumn(name, type as 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('conversations')
    .addColumn('last_message_preview', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('last_message_attachment', t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('conversations').addColumn('last_sender_id', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('last_message_at', t.timestamp).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachment_id', 'text')
    .addColumn('attachment_width', 'integer')
    .addColumn('attachment_height', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('messages_conversation_seq_uq', ['conversation_id', 'seq'])
    .addUniqueConstraint('messages_sender_client_uq', ['sender_id', 'client_id'])
    .execute();

  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('uploader_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_attachments_conversation_idx')
    .on('chat_attachments')
    .column('conversation_id')
    .execute();
  await db.schema
    .createIndex('chat_attachments_unsent_idx')
    .on('chat_attachments')
    .columns(['message_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('user_blocks_blocked_idx').on('user_blocks').column('blocked_id').execute();
}

export async function down(): Promise<void> {}
