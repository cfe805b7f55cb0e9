import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 120: chat messages have a kind; `system` messages (order events) have no sender. PostgreSQL drops the
 * NOT NULL in place; SQLite cannot, so its table is rebuilt with the same columns, constraints and rows. The
 * conversation list finds each conversation's order by its conversation id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createIndex('orders_conversation_idx')
    .on('orders')
    .columns(['conversation_id', 'created_at'])
    .execute();
  if (!t.sqlite) {
    await sql`alter table messages alter column sender_id drop not null`.execute(db);
    await db.schema
      .alterTable('messages')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
      .execute();
    await sql`alter table messages add constraint messages_kind_sender_ck
      check ((kind = 'user' and sender_id is not null) or (kind = 'system' and sender_id is null))`.execute(db);
    return;
  }
  await db.schema
    .createTable('messages_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachment_id', 'text')
    .addColumn('attachment_width', 'integer')
    .addColumn('attachment_height', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('messages_conversation_seq_uq', ['conversation_id', 'seq'])
    .addUniqueConstraint('messages_sender_client_uq', ['sender_id', 'client_id'])
    .addCheckConstraint(
      'messages_kind_sender_ck',
      sql`(kind = 'user' and sender_id is not null) or (kind = 'system' and sender_id is null)`,
    )
    .execute();
  await sql`insert into messages_next (id, conversation_id, seq, kind, sender_id, client_id, body, attachment_id,
      attachment_width, attachment_height, created_at)
    select id, conversation_id, seq, 'user', sender_id, client_id, body, attachment_id, attachment_width,
      attachment_height, created_at from messages`.execute(db);
  await db.schema.dropTable('messages').execute();
  await db.schema.alterTable('messages_next').renameTo('messages').execute();
}

export async function down(): Promise<void> {}
