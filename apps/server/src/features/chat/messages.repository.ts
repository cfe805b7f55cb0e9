import type { MessagesTable } from '../../db/schema';
import type { Db } from './conversations.repository';

export async function insertMessage(db: Db, row: MessagesTable) {
  await db.insertInto('messages').values(row).execute();
}

/** The message a sender already stored under this client id (a resend after a dropped connection). */
export async function findByClientId(db: Db, senderId: string, clientId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('senderId', '=', senderId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/** Older history for scrolling up: up to `limit` messages before `before` (or the newest), oldest first. */
export async function selectBefore(db: Db, conversationId: string, before: number | undefined, limit: number) {
  let q = db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId);
  if (before !== undefined) q = q.where('seq', '<', before);
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** Messages after `after`, oldest first: what a client missed while disconnected. */
export async function selectAfter(db: Db, conversationId: string, after: number, limit: number) {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', conversationId)
    .where('seq', '>', after)
    .orderBy('seq', 'asc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export { isUniqueViolation } from '../../db/errors';
