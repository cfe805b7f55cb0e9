import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import type { AppDeps } from '../../app';
import { conflict } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { lockTwoFactorOf, removeTwoFactor } from '../auth/two-factor.service';
import { assertNotSelf } from './admin-permissions';
import { getUserDetail } from './admin-user-detail.service';
import { changeUser, isDeleted } from './admin-user-change';

/**
 * An admin turns off a member's two-factor sign-in (decision 168) once the member proved who they are; the reason,
 * which says how, goes to the audit log.
 */
export async function turnOffTwoFactor(deps: AppDeps, actor: AuthUser, targetId: string, reason: string) {
  assertNotSelf(actor.id, targetId, ADMIN_MESSAGES.selfTwoFactor);
  await changeUser(
    deps,
    actor,
    targetId,
    async (trx, { target, now }) => {
      if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
      if (!(await removeTwoFactor(deps, trx, targetId, now))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await recordAudit(
        trx,
        {
          actorId: actor.id,
          action: ADMIN_ACTIONS.userTwoFactorOff,
          targetType: 'user',
          targetId,
          details: { reason },
        },
        now,
      );
    },
    // Turning it on holds these while it writes rows that wait on the user's row (PostgreSQL deadlocked without).
    { lockFirst: (trx) => lockTwoFactorOf(trx, targetId) },
  );
  return getUserDetail(deps, targetId);
}
