import type { ChatAttachmentsTable } from '../../db/schema';
import type { Db } from './conversations.repository';
import { pastKeyset } from '../../lib/walk-in-batches';

export async function insertAttachment(db: Db, row: ChatAttachmentsTable) {
  await db.insertInto('chatAttachments').values(row).execute();
}

export async function findAttachment(db: Db, id: string) {
  return db.selectFrom('chatAttachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bytes of the images a member uploaded since the time, sent or not (read on their uploader and time index). */
export async function uploadedBytesSince(db: Db, uploaderId: string, since: number) {
  const row = await db
    .selectFrom('chatAttachments')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
    .where('uploaderId', '=', uploaderId)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Tie an unsent upload of this sender in this conversation to their message; false when there is no such upload. */
export async function claimAttachment(
  db: Db,
  input: { id: string; uploaderId: string; conversationId: string; messageId: string },
) {
  const result = await db
    .updateTable('chatAttachments')
    .set({ messageId: input.messageId })
    .where('id', '=', input.id)
    .where('uploaderId', '=', input.uploaderId)
    .where('conversationId', '=', input.conversationId)
    .where('messageId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Uploads never sent with a message, older than the cutoff (they are removed with their files), in (upload time, id)
 * order after `after`: the sweep walks past those it could not remove.
 */
export async function selectUnsentBefore(
  db: Db,
  cutoff: number,
  limit: number,
  after?: { createdAt: number; id: string },
) {
  return db
    .selectFrom('chatAttachments')
    .select(['id', 'fileName', 'createdAt'])
    .where('messageId', 'is', null)
    .where('createdAt', '<', cutoff)
    .$if(after !== undefined, (q) => q.where(pastKeyset('createdAt', 'id', [after!.createdAt, after!.id])))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The upload's row deleted if no message has taken it; false when one has (or it is gone). */
export async function deleteUnsentAttachment(db: Db, id: string) {
  const result = await db
    .deleteFrom('chatAttachments')
    .where('id', '=', id)
    .where('messageId', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
