import type { Kysely } from 'kysely';

/**
 * Each side's first message in a conversation: a seller's response time (their profile) reads one entry per side of
 * each of their latest conversations here, not every message of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('messages_conversation_sender_idx')
    .on('messages')
    .columns(['conversation_id', 'sender_id', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {}
