import {
  ACCOUNT_DELETION_MESSAGES as M,
  ERASE_AFTER_DAYS,
  type DeleteAccountInput,
} from '@accountry/shared/account-deletion';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { hasOrderInProgress } from '../../db/order-facts';
import { queueMail } from '../../email/mail-outbox';
import { conflict, forbidden } from '../../lib/app-error';
import { availableAccount, balanceOf, heldAccount } from '../../lib/ledger';
import type { AuthUser } from '../../plugins/auth';
import { invalidateSessions } from '../../sessions/session-cache';
import { closeAccount } from '../admin/admin-users.service';
import { accountDeletedMail } from './auth-mails';
import { confirmPassword } from './confirm-password.service';
import { requireCodeIfOn, requireCodeStillIfOn } from './two-factor.service';
import { closeOffers } from '../orders/offer-purchase.service';
import { publishSystemMessages } from '../chat/system-messages.service';
import { DAY_MS } from '@accountry/shared/durations';

/**
 * Why the account cannot be deleted now, if it cannot: an order in progress, or money in the wallet (with what the
 * member's role lets them do about it).
 */
async function refuseWhileInUse(db: Database, user: Pick<AuthUser, 'id' | 'role'>) {
  if (await hasOrderInProgress(db, user.id)) throw conflict(M.openOrders);
  const money = (await balanceOf(db, availableAccount(user.id))) + (await balanceOf(db, heldAccount(user.id)));
  if (money > 0) throw conflict(M.moneyInWallet(money, user.role));
}

/**
 * A member deletes their own account (decision 164), confirmed with their password and, with two-factor sign-in on,
 * a code (decision 172): not while an order is in progress or money is in their wallet. The deletion is the one an
 * admin makes (no sign-in, sessions ended, listings hidden), recorded as the member's, with a mail to the address;
 * support can restore it for ERASE_AFTER_DAYS, then the personal data is erased.
 */
export async function deleteOwnAccount(deps: AppDeps, user: AuthUser, input: DeleteAccountInput, ip: string) {
  if (user.role === 'admin') throw forbidden(M.adminAccount);
  await confirmPassword(deps, user, input.password, ip, 'password');
  // Checked before the code too, so a refusal does not spend a recovery code.
  await refuseWhileInUse(deps.db.db, user);
  const asked = await requireCodeIfOn(deps, user, input.code, ip);
  const now = deps.clock.now();
  const eraseAt = now + ERASE_AFTER_DAYS * DAY_MS;
  // Under the account's lock, which buy-now also takes: an order cannot start between the check and the deletion.
  const offerNotices = await withKeyLocks(deps.db.db, [accountLock(user.id)], async (trx) => {
    await requireCodeStillIfOn(trx, user.id, asked);
    await refuseWhileInUse(trx, user);
    await closeAccount(trx, { userId: user.id, actorId: user.id, reason: M.reason, now, eraseAt });
    await queueMail(trx, accountDeletedMail(deps.config.publicUrl, user.email, eraseAt), now);
    // Its open offers, made or received, are over (decision 180); its orders were checked to be none in progress.
    return closeOffers(trx, deps.config.publicUrl, { userId: user.id }, now);
  });
  await publishSystemMessages(deps, offerNotices);
  await invalidateSessions(deps, { userId: user.id });
  await deps.hub.endSessions({ userId: user.id, reason: SOCKET_CLOSE_REASONS.signedOut });
}
