import type { Database } from '../../db/database';
import type { AuthTokensTable } from '../../db/schema';

export type TokenPurpose = AuthTokensTable['purpose'];

export async function insertToken(db: Database, row: AuthTokensTable) {
  await db.insertInto('authTokens').values(row).execute();
}

export async function findToken(db: Database, id: string, purpose: TokenPurpose) {
  return db.selectFrom('authTokens').selectAll().where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst();
}

/** Mark the token used unless it already was; false when another request got there first. */
export async function markTokenUsed(db: Database, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('authTokens')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Retire every open link of the purpose for the user (after it served its purpose), or those made `since` a time. */
export async function retireUserTokens(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  now: number,
  { since }: { since?: number } = {},
) {
  let q = db
    .updateTable('authTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null);
  if (since !== undefined) q = q.where('createdAt', '>=', since);
  await q.execute();
}

export async function purgeTokensBefore(db: Database, before: number) {
  await db.deleteFrom('authTokens').where('expiresAt', '<', before).execute();
}

/**
 * After the password changed (someone may have known it), or two-factor sign-in was turned on (a change now asks a
 * code): every open link that would change the account (a reset, a new address) stops working. A verification link
 * only proves the address, and stays.
 */
export async function retireAccountLinks(db: Database, userId: string, now: number) {
  for (const purpose of ['reset_password', 'change_email'] as const) await retireUserTokens(db, userId, purpose, now);
}

/**
 * Until when an open undo link (decision 177) may still give the address back to another account than
 * `exceptUserId`, or undefined: until it is used or expires, nobody else may sign up with the address or move to it,
 * or the undo could be blocked. A disabled or deleted account's link keeps it too: support may restore the account.
 */
export async function undoHoldUntil(db: Database, email: string, now: number, exceptUserId?: string) {
  let q = db
    .selectFrom('authTokens')
    .select('expiresAt')
    .where('newEmail', '=', email)
    .where('purpose', '=', 'undo_email_change')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now);
  if (exceptUserId) q = q.where('userId', '!=', exceptUserId);
  return (await q.orderBy('expiresAt', 'desc').executeTakeFirst())?.expiresAt;
}

export const addressHeldForUndo = async (db: Database, email: string, now: number, exceptUserId?: string) =>
  (await undoHoldUntil(db, email, now, exceptUserId)) !== undefined;
