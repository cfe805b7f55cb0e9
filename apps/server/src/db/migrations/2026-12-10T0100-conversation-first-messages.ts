import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 228: a conversation keeps the time of each side's first message, set by the statement that numbers it, so a
 * seller's response time reads two columns of their latest conversations. The index it read them from before cost
 * every stored message one more B-tree page to write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('conversations').addColumn('buyer_first_message_at', t.timestamp).execute();
  await db.schema.alterTable('conversations').addColumn('seller_first_message_at', t.timestamp).execute();
  const first = (side: 'buyer_id' | 'seller_id') =>
    sql`(select min(m.created_at) from messages m
      where m.conversation_id = conversations.id and m.sender_id = conversations.${sql.raw(side)})`;
  await sql`update conversations set buyer_first_message_at = ${first('buyer_id')},
    seller_first_message_at = ${first('seller_id')}
    where last_seq > 0`.execute(db);
  await db.schema.dropIndex('messages_conversation_sender_idx').execute();
}

export async function down(): Promise<void> {}
