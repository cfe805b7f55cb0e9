import type { Database } from '../../db/database';
import type { PasskeyChallengesTable, PasskeysTable } from '../../db/schema';

export type PasskeyRow = PasskeysTable;

export async function listPasskeys(db: Database, userId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countPasskeys(db: Database, userId: string) {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPasskeyByCredential(db: Database, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();
}

export async function findOwnPasskey(db: Database, userId: string, id: string) {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export async function insertPasskey(db: Database, row: PasskeyRow) {
  await db.insertInto('passkeys').values(row).execute();
}

/** Record a sign-in, only if no other sign-in moved the counter since it was read (a cloned key would). */
export async function markPasskeyUsed(db: Database, id: string, seenCounter: number, counter: number, now: number) {
  const res = await db
    .updateTable('passkeys')
    .set({ counter, lastUsedAt: now })
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string) {
  const res = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Database, userId: string, id: string) {
  const res = await db.deleteFrom('passkeys').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Every passkey of the account, and any it was adding; the number removed. */
export async function deleteUserPasskeys(db: Database, userId: string) {
  await dropRegistrationChallenges(db, userId);
  const res = await db.deleteFrom('passkeys').where('userId', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Hand out a challenge; the expired ones go at the same time, so unused ones do not pile up. */
export async function saveChallenge(db: Database, row: PasskeyChallengesTable, now: number) {
  await db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', now).execute();
  await db.insertInto('passkeyChallenges').values(row).execute();
}

/** A member's registration challenges not yet used: a newer one replaces them, so one confirmation adds one passkey. */
export async function dropRegistrationChallenges(db: Database, userId: string) {
  await db.deleteFrom('passkeyChallenges').where('userId', '=', userId).where('purpose', '=', 'register').execute();
}

/** Use a challenge: its row for exactly one caller, while it has not expired and was handed out for this purpose. */
export async function spendChallenge(
  db: Database,
  challenge: string,
  purpose: PasskeyChallengesTable['purpose'],
  userId: string | null,
  now: number,
) {
  return db
    .deleteFrom('passkeyChallenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', now)
    .where((eb) => (userId === null ? eb('userId', 'is', null) : eb('userId', '=', userId)))
    .returning('codeChecked')
    .executeTakeFirst();
}
