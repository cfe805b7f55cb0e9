import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The seller's request for another look at their hidden listing (decision 259), written only on what it relies on
 * (decision 258): theirs, not deleted, hidden, no request waiting, at the content version their page showed, and not
 * the content a moderator already kept hidden. Says whether it matched.
 */
export async function requestReviewAsSeen(
  db: Database,
  ask: { id: string; sellerId: string; contentVersion: number; note: string },
  now: number,
) {
  const res = await db
    .updateTable('listings')
    .set({ reviewRequestedAt: now, reviewRequestNote: ask.note })
    .where('id', '=', ask.id)
    .where('sellerId', '=', ask.sellerId)
    .where('deletedAt', 'is', null)
    .where('status', '=', 'hidden')
    .where('reviewRequestedAt', 'is', null)
    .where('contentVersion', '=', ask.contentVersion)
    .where(sql<SqlBool>`(reviewed_version is null or reviewed_version <> content_version)`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What a refused request is explained from. */
export function reviewStateOf(db: Database, id: string) {
  return db
    .selectFrom('listings')
    .select(['sellerId', 'status', 'deletedAt', 'reviewRequestedAt', 'contentVersion', 'reviewedVersion'])
    .where('id', '=', id)
    .executeTakeFirst();
}
