import { isSelfAction } from '@accountry/shared/admin-rules';
import { WALLET_MESSAGES as W } from '@accountry/shared/wallet-messages';
import type { AppDeps } from '../../app';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';
import type { AuthUser } from '../../plugins/auth';
import { destinationLines } from './payout-methods.service';

/**
 * An open payout's whole details, for the admin about to send it (decision 174). Each showing is in the audit log, so
 * who read a member's account number, and when, can be told afterwards; a decided payout's are no longer shown. The
 * first showing marks the payout as being sent, in a write conditioned on it still open: the money may leave from now
 * on, so its member can no longer cancel it (decision 233). An admin's own payout is not marked: another admin sends it.
 */
export async function showPayoutDestination(deps: AppDeps, admin: AuthUser, payoutId: string) {
  const payout = await deps.db.db
    .selectFrom('payouts')
    .select(['id', 'userId', 'status', 'destination'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!payout) throw notFound(W.payoutNotFound);
  if (payout.status !== 'open') throw conflict(W.payoutDetailsDecided);
  const lines = destinationLines(deps, payout);
  if (!lines) throw conflict(W.payoutDetailsNone);
  const now = deps.clock.now();
  const sendingFrom = isSelfAction(admin.id, payout.userId) ? null : now;
  await adminTransaction(deps.db.db, admin.id, async (trx) => {
    const marked = await trx
      .updateTable('payouts')
      .set((eb) => ({ sendingSince: eb.fn.coalesce('sendingSince', eb.val(sendingFrom)) }))
      .where('id', '=', payout.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    // Canceled or decided since it was read: nothing to send.
    if (Number(marked.numUpdatedRows) !== 1) throw conflict(W.payoutDetailsDecided);
    await recordAudit(
      trx,
      {
        actorId: admin.id,
        action: 'payout.details_reveal',
        targetType: 'user',
        targetId: payout.userId,
        details: { payoutId: payout.id },
      },
      now,
    );
  });
  return { lines };
}
