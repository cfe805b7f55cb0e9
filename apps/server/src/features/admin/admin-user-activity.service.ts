import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';
import type { AuthUser } from '../../plugins/auth';
import { accountActivity } from '../auth/account-activity.service';
import * as repo from './admin-users.repository';

/**
 * Support reads a member's security activity (decision 178) to help after a takeover: the addresses it holds are
 * personal data, so every page read is in the audit log (the cursor is the caller's to write: one made up reads the
 * newest page as well as no cursor does).
 */
export async function userActivity(deps: AppDeps, admin: AuthUser, userId: string, cursor: string | undefined) {
  if (!(await repo.findUser(deps.db.db, userId))) throw notFound(ADMIN_MESSAGES.userNotFound);
  const page = await accountActivity(deps, userId, cursor);
  await adminTransaction(deps.db.db, admin.id, (trx) =>
    recordAudit(
      trx,
      { actorId: admin.id, action: ADMIN_ACTIONS.userActivityView, targetType: 'user', targetId: userId },
      deps.clock.now(),
    ),
  );
  return page;
}
