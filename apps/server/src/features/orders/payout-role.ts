import type { Transaction } from 'kysely';
import { WALLET_MESSAGES as W } from '@accountry/shared/wallet-messages';
import { ROLES, canSell } from '@accountry/shared/roles';
import type { Role } from '@accountry/shared/roles';
import type { Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import type { DB } from '../../db/schema';
import { rightsTransaction } from '../../db/rights-transaction';
import { forShareOnPostgres } from '../../db/row-locks';
import { forbidden } from '../../lib/app-error';

/** The roles that take payouts, as the re-read's condition. */
const PAYOUT_ROLES = ROLES.filter(canSell);

/**
 * Storing payout details and asking for a payout are a seller's (seller or both): a buyer-only member is refused with
 * the way to withdraw (a role change in the profile). Taking back what was asked as a seller stays open to them. This
 * is the early answer from the session's role; `payoutTransaction` checks the role as it is when writing.
 */
export function assertMayTakePayouts(user: { role: Role }) {
  if (!canSell(user.role)) throw forbidden(W.payoutSellersOnly);
}

/**
 * The member's own row read again with the role in its condition: the session's role may be seconds old (decision
 * 102). On PostgreSQL the row is read `FOR SHARE`, so a role change waits for this transaction, or this read waits for
 * the change and sees it (as an admin's row is read, decision 214).
 */
async function lockPayoutRole(trx: Database, userId: string) {
  // Named, so the statement is told apart in logs and by the tests that stop right after it.
  const row = trx
    .selectFrom('users as payoutTaker')
    .select('id')
    .where('id', '=', userId)
    .where('role', 'in', PAYOUT_ROLES);
  if (!(await forShareOnPostgres(trx, row).executeTakeFirst())) throw forbidden(W.payoutSellersOnly);
}

/**
 * The transaction of a write only a seller makes (payout details stored, a payout asked): the account's lock, then the
 * member's role read again, then `fn`. A member who switched to buyer since their session was read gets the same 403
 * and nothing is written. On SQLite a write committed by another connection after the re-read fails the first write
 * as stale (`SQLITE_BUSY_SNAPSHOT`): the role is read again, and a role gone gives the 403, anything else a 409.
 */
export function payoutTransaction<T>(db: Database, userId: string, fn: (trx: Transaction<DB>) => Promise<T>) {
  return rightsTransaction(
    db,
    async (trx) => {
      await lockKeys(trx, [accountLock(userId)]);
      await lockPayoutRole(trx, userId);
      return fn(trx);
    },
    () => lockPayoutRole(db, userId),
  );
}
