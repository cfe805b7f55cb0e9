import type { AppDeps } from '../../app';
import { startPeriodicTask } from '../../lib/periodic-task';
import { erasePayoutDetails } from '../orders/payout-methods.service';
import { purgeOldAccountEvents } from '../../lib/account-events';

const BATCH = 100;
/** What an erased account shows where its name still appears (reviews, chats, orders). */
export const ERASED_DISPLAY_NAME = 'Former member';

/**
 * Erase the personal data of members whose own deletion is past its restore window (decision 164): the address,
 * name, phone number and password go, with their favorites, saved searches, preferences, mailed links,
 * authenticator key, known devices, passkeys, payout details and security activity, and their feedback loses who sent
 * it. What others need stays (orders, ledger, reviews, chats and listings, which show "Former member"). Each account is
 * claimed by a conditional update of its deletion record, so several processes erase it once and a restore in between
 * wins. Every member's security activity past a year goes in the same run (decision 178).
 */
export async function eraseDueAccounts(deps: AppDeps): Promise<number> {
  const db = deps.db.db;
  const now = deps.clock.now();
  await purgeOldAccountEvents(db, now);
  const due = await db
    .selectFrom('deletedUsers')
    .select(['uid', 'eraseAt'])
    .where('eraseAt', '<=', now)
    .where('status', '=', 'unresolved')
    .limit(BATCH)
    .execute();
  let erased = 0;
  for (const d of due) {
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('deletedUsers')
        .set({ erasedAt: now, eraseAt: null, updatedAt: now })
        .where('uid', '=', d.uid)
        .where('eraseAt', '=', d.eraseAt)
        .where('status', '=', 'unresolved')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('users')
        .set({
          email: `erased-${d.uid}@accountry.invalid`,
          displayName: ERASED_DISPLAY_NAME,
          phoneNumber: '',
          passwordHash: '',
          emailVerified: false,
        })
        .where('id', '=', d.uid)
        .execute();
      await trx.deleteFrom('favorites').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('savedSearches').where('userId', '=', d.uid).execute();
      // Feedback is about the site: it stays, without who sent it.
      await trx.updateTable('feedback').set({ userId: null, email: '' }).where('userId', '=', d.uid).execute();
      await trx.deleteFrom('emailPreferences').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('authTokens').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('sessions').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('recoveryCodes').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('twoFactor').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('knownDevices').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('passkeys').where('userId', '=', d.uid).execute();
      await trx.deleteFrom('passkeyChallenges').where('userId', '=', d.uid).execute();
      // Addresses and browsers of sign-ins are personal data too (decision 178).
      await trx.deleteFrom('accountEvents').where('userId', '=', d.uid).execute();
      await erasePayoutDetails(trx, d.uid);
      return true;
    });
    if (done) erased++;
  }
  return erased;
}

/** Erase at start (what fell due while no process ran) and then every interval; 0: never (tests erase by hand). */
export function startAccountEraser(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  return startPeriodicTask(intervalMs, () => eraseDueAccounts(deps), onError, { atStart: true });
}
