import type { Kysely } from 'kysely';

/**
 * A sender's recent messages, newest last: the chat send limit counts them inside the statement that stores a
 * message (decision 148), reading at most a burst's worth of this index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('messages_sender_time_idx').on('messages').columns(['sender_id', 'created_at']).execute();
}

export async function down(): Promise<void> {}
