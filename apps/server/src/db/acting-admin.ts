import type { Transaction } from 'kysely';
import { forbidden } from '../lib/app-error';
import type { Database } from './database';
import { accountLock, lockKeys } from './key-lock';
import { rightsTransaction } from './rights-transaction';
import { forShareOnPostgres } from './row-locks';
import type { DB } from './schema';

/** The transactions that read their acting admin's row again, and whose: `recordAudit` asks it of every admin action. */
const reread = new WeakMap<Database, string>();

/**
 * The first locks of an admin's action, in its transaction: the accounts of the members whose balance it changes,
 * then the acting admin's own row, read again. The guard read the role when the request began; an admin whose role
 * another admin took away since, or whose account another admin disabled or deleted, is refused with the guard's 403
 * and nothing is written. On PostgreSQL the row is read `FOR SHARE`: a role change (which takes the admin rows
 * `FOR UPDATE`, after the account of a member it closes) waits for this transaction to end, or this read waits for the
 * change and sees it. SQLite runs one write transaction at a time: the read sees a change committed before it, and
 * one committed after it fails this transaction's first write as stale, which `adminTransaction` answers (decisions
 * 214, 219).
 */
export async function lockActingAdmin(trx: Database, adminId: string, memberIds: readonly string[] = []) {
  await lockKeys(trx, memberIds.map(accountLock));
  if (!(await canStillAct(trx, adminId, true))) throw forbidden();
  reread.set(trx, adminId);
}

/** Whether the admin may still act: an admin, neither disabled nor deleted; `lock` takes the row as read. */
async function canStillAct(db: Database, adminId: string, lock: boolean) {
  // Named, so the statement is told apart in logs and by the tests that stop right after it.
  const row = db.selectFrom('users as actingAdmin').select(['role', 'disabled']).where('id', '=', adminId);
  const admin = await (lock ? forShareOnPostgres(db, row) : row).executeTakeFirst();
  if (admin?.role !== 'admin' || admin.disabled) return false;
  // A deletion leaves role and flag as they are. A statement of its own: on PostgreSQL it sees a deletion that
  // committed while the row lock above waited for it, which that statement's snapshot does not.
  const deleted = await db
    .selectFrom('deletedUsers')
    .select('uid')
    .where('uid', '=', adminId)
    .where('status', '=', 'unresolved')
    .executeTakeFirst();
  return deleted === undefined;
}

/** Whether the transaction read this admin's row again (`lockActingAdmin`) before acting for them. */
export const actingAdminReread = (trx: Database, adminId: string) => reread.get(trx) === adminId;

/**
 * Every admin write runs here (decision 219): one transaction whose first locks are `lockFirst`'s (named locks and
 * rows a closing takes before the admin rows), then `lockActingAdmin`'s, then `fn` (`recordAudit` refuses an entry of
 * a transaction that did not read its admin again). On SQLite a write committed by
 * another connection after the transaction's first read fails its first write as stale (`SQLITE_BUSY_SNAPSHOT`):
 * nothing was written, and the answer is the guard's 403 if that write took the admin's role away, else a 409.
 */
export async function adminTransaction<T>(
  db: Database,
  adminId: string,
  fn: (trx: Transaction<DB>) => Promise<T>,
  opts: {
    memberIds?: readonly string[];
    lockFirst?: (trx: Transaction<DB>) => Promise<void>;
    /** `fn` calls `lockActingAdmin` itself once it read whose accounts to lock first (a payout's member, say). */
    rereadLater?: true;
  } = {},
): Promise<T> {
  return rightsTransaction(
    db,
    async (trx) => {
      await opts.lockFirst?.(trx);
      if (!opts.rereadLater) await lockActingAdmin(trx, adminId, opts.memberIds);
      return fn(trx);
    },
    async () => {
      if (!(await canStillAct(db, adminId, false))) throw forbidden();
    },
  );
}
