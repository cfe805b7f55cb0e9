import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { adminTransaction } from '../../db/acting-admin';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { invalidateSessions } from '../../sessions/session-cache';
import { lockClosingAccount } from '../orders/account-closure.service';
import * as repo from './admin-users.repository';
import { assertStillAdmin } from './admin-permissions';
import type { UserRow } from './admin-user-detail.service';

export interface UserChange {
  target: UserRow;
  activeAdmins: string[];
  now: number;
}

/**
 * Run a change to a user under the admin lock: the actor must still be an active admin, the target must exist,
 * and `fn` sees the active admins as of the lock, so concurrent changes cannot remove the last one.
 */
export async function changeUser<T>(
  deps: AppDeps,
  actor: AuthUser,
  targetId: string,
  fn: (trx: Database, ctx: UserChange) => Promise<T>,
  opts: { closing?: boolean; lockFirst?: (trx: Database) => Promise<void> } = {},
): Promise<T> {
  const lockFirst = async (trx: Database) => {
    // Closing the account cancels its open orders: their locks come first (see lockClosingAccount).
    if (opts.closing) await lockClosingAccount(trx, targetId);
    // Named locks the change takes are taken before the rows, as the member's own requests take them.
    await opts.lockFirst?.(trx);
    // The admin rows, then the acting admin's re-read (which this lock already serialises with any role change).
    await repo.lockAdminRows(trx, deps.db.engine, [actor.id, targetId]);
  };
  const result = await adminTransaction(
    deps.db.db,
    actor.id,
    async (trx) => {
      const target = await repo.findUser(trx, targetId);
      if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
      const activeAdmins = await repo.activeAdminIds(trx);
      assertStillAdmin(activeAdmins, actor.id);
      return fn(trx, { target, activeAdmins, now: deps.clock.now() });
    },
    { lockFirst },
  );
  // Role, disabled and deletion are read with the session on every request: cached sessions must not outlive them.
  await invalidateSessions(deps, { userId: targetId });
  return result;
}

export const isDeleted = (row: UserRow) => row.deletedStatus === 'unresolved';
