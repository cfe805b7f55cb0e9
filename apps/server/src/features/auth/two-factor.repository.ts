import type { Database } from '../../db/database';
import type { TwoFactorTable } from '../../db/schema';

export async function findTwoFactor(db: Database, userId: string): Promise<TwoFactorTable | undefined> {
  return db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** A new pending key replaces any earlier pending one; an enabled key is never replaced here. */
export async function savePendingKey(db: Database, userId: string, secret: string, emailCode: string, now: number) {
  const res = await db
    .insertInto('twoFactor')
    .values({ userId, secret, createdAt: now, enabledAt: null, lastStep: null, emailCode })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secret, createdAt: now, lastStep: null, emailCode })
        .where('twoFactor.enabledAt', 'is', null),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A new mailed code for the very pending key given; its set-up time starts again. False when it is no longer pending. */
export async function replaceEmailCode(db: Database, userId: string, secret: string, emailCode: string, now: number) {
  const res = await db
    .updateTable('twoFactor')
    .set({ emailCode, createdAt: now })
    .where('userId', '=', userId)
    .where('secret', '=', secret)
    .where('enabledAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Turn on the very key the code was checked against, if it is still the pending one. */
export async function enableKey(db: Database, userId: string, secret: string, step: number, now: number) {
  const res = await db
    .updateTable('twoFactor')
    .set({ enabledAt: now, lastStep: step, emailCode: null })
    .where('userId', '=', userId)
    .where('secret', '=', secret)
    .where('enabledAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Accept a code's time step only if no code of that step or a later one was accepted before. */
export async function claimStep(db: Database, userId: string, step: number) {
  const res = await db
    .updateTable('twoFactor')
    .set({ lastStep: step })
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Database, userId: string) {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  const res = await db.deleteFrom('twoFactor').where('userId', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[]) {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null })))
    .execute();
}

/** Spend a recovery code: true for exactly one caller. */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string, now: number) {
  const res = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Database, userId: string) {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
