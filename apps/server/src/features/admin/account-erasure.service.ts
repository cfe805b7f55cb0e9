import type { AppDeps } from '../../app';
import { startPeriodicTask } from '../../lib/periodic-task';
import { erasePayoutDetails } from '../orders/payout-methods.service';
import { purgeOldAccountEvents } from '../../lib/account-events';
import { pastKeyset, walkInBatches } from '../../lib/walk-in-batches';
import { forUpdateOnPostgres } from '../../db/row-locks';

const BATCH = 100;
/** What an erased account shows where its name still appears (reviews, chats, orders). */
export const ERASED_DISPLAY_NAME = 'Former member';

/**
 * Erase the personal data of members whose own deletion is past its restore window (decision 164): the address,
 * name, phone number and password go, with their favorites, saved searches, preferences, mailed links,
 * authenticator key, known devices, passkeys, payout details and security activity, and their feedback loses who sent
 * it. What others need stays (orders, ledger, reviews, chats and listings, which show "Former member"). Each account is
 * claimed by a conditional update of its deletion record, so several processes erase it once and a restore in between
 * wins. Every member's security activity past a year goes in the same run (decision 178). The due accounts are walked
 * past each one read (decision 241): one whose erasure fails is logged, tried again next run, and holds back none.
 */
export async function eraseDueAccounts(deps: AppDeps): Promise<number> {
  const db = deps.db.db;
  const now = deps.clock.now();
  await purgeOldAccountEvents(db, now);
  let erased = 0;
  await walkInBatches(
    BATCH,
    (after: { uid: string; eraseAt: number | null } | undefined) =>
      db
        .selectFrom('deletedUsers')
        .select(['uid', 'eraseAt'])
        .where('eraseAt', '<=', now)
        .where('status', '=', 'unresolved')
        .$if(after !== undefined, (q) => q.where(pastKeyset('eraseAt', 'uid', [after!.eraseAt!, after!.uid])))
        .orderBy('eraseAt')
        .orderBy('uid')
        .limit(BATCH)
        .execute(),
    async (d) => {
      if (await eraseAccount(deps, d, now)) erased++;
    },
    (err, d) => deps.log.error({ err, userId: d.uid }, 'account could not be erased; retried next run'),
  );
  return erased;
}

/** One account's erasure, claimed by its deletion record; false when a restore or another process came first. */
function eraseAccount(deps: AppDeps, d: { uid: string; eraseAt: number | null }, now: number) {
  return deps.db.db.transaction().execute(async (trx) => {
    // The account's row first, as an admin's restore or any change of it takes it: never the other way round.
    await forUpdateOnPostgres(trx, trx.selectFrom('users').select('id').where('id', '=', d.uid)).execute();
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
    // Each listing the member saved counts one favorite less, as when they remove it themselves.
    await trx
      .updateTable('listings')
      .set((eb) => ({ favoriteCount: eb('favoriteCount', '-', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('favorites').select('listingId').where('userId', '=', d.uid))
      .where('favoriteCount', '>', 0)
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
}

/** Erase at start (what fell due while no process ran) and then every interval; 0: never (tests erase by hand). */
export function startAccountEraser(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  return startPeriodicTask(intervalMs, () => eraseDueAccounts(deps), onError, { atStart: true });
}
