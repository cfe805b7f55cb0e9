import { EMAIL_CHANGE_MESSAGES as M, type EmailUndoStatus } from '@accountry/shared/email-change';
import { FIELD_MESSAGES, maskEmail, passwordProblems } from '@accountry/shared/account-rules';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { accountLock, lockKeys } from '../../db/key-lock';
import { queueMail } from '../../email/mail-outbox';
import { badRequest, conflict } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { invalidateSessions } from '../../sessions/session-cache';
import { deleteUserSessions } from '../../sessions/sessions.repository';
import { stopPayoutsOfRecoveredAccount } from '../orders/payout-recovery.service';
import { emailChangeUndoneMail, emailChangeUndoneNoticeMail } from './email-undo-mails';
import { deleteUserPasskeys } from './passkeys.repository';
import { bucketFor, clearBucket } from './throttle.service';
import { markTokenUsed, retireUserTokens } from './tokens.repository';
import { linkInvalid, peekToken } from './tokens.service';
import { enabledKey } from './two-factor.service';
import { findUserWithDeletionById, updateUser } from './users.repository';
import { recordAccountEvent } from '../../lib/account-events';

/** The open undo link's row and account; a disabled or deleted account's link does nothing (support handles those). */
async function openUndoLink(db: Database, token: string, now: number) {
  const row = await peekToken(db, token, 'undo_email_change', now);
  const user = await findUserWithDeletionById(db, row.userId);
  if (!user || !row.newEmail || user.disabled || user.deletedStatus === 'unresolved') throw linkInvalid();
  return { row, user, restores: row.newEmail };
}

/**
 * What the undo page shows before it asks for a new password. The address the account uses now is masked: after later
 * changes it is not one the old mailbox was told of, and that mailbox is not always the owner's.
 */
export async function undoLinkStatus(deps: AppDeps, token: string): Promise<EmailUndoStatus> {
  const { user, restores } = await openUndoLink(deps.db.db, token, deps.clock.now());
  return { restores, current: maskEmail(user.email), twoFactorOn: !!(await enabledKey(deps.db.db, user.id)) };
}

/**
 * Give the account back to the address a change left (decision 177), from the link mailed there. Whoever made the
 * change knew the password and held a session, and may have added ways in since: in one transaction the address
 * returns (verified), the new password replaces the old, every session ends, every passkey goes, payout details go
 * and open payouts return to the balance, and every open link retires but the undo links of earlier changes.
 * Two-factor sign-in turned on since stays on: a mailbox alone never turns it off (decision 168), so whoever holds
 * neither the app nor the password is left out, and support sorts out the rest. 409 when another account took the
 * address meanwhile.
 */
export async function undoEmailChange(deps: AppDeps, token: string, password: string) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const { restores, user: asked } = await openUndoLink(db, token, now);
  if (passwordProblems(password, restores).includes(FIELD_MESSAGES.passwordContainsEmail)) {
    throw badRequest(FIELD_MESSAGES.passwordContainsEmail, { password: FIELD_MESSAGES.passwordContainsEmail });
  }
  const passwordHash = await hashPassword(password);
  let userId: string;
  try {
    userId = await db.transaction().execute(async (trx) => {
      await lockKeys(trx, [accountLock(asked.id)]);
      const { row, user } = await openUndoLink(trx, token, now);
      if (!(await markTokenUsed(trx, row.id, now))) throw linkInvalid();
      await updateUser(trx, user.id, { email: restores, emailVerified: true, passwordHash });
      await recordAccountEvent(trx, user.id, 'email_change_undone', now);
      for (const purpose of ['change_email', 'reset_password', 'verify_email'] as const)
        await retireUserTokens(trx, user.id, purpose, now);
      // Undo links issued after this one go, for moves it undoes too; earlier ones stay, so the first address of a
      // chain of changes can always get the account back.
      await retireUserTokens(trx, user.id, 'undo_email_change', now, { since: row.createdAt });
      await deleteUserSessions(trx, user.id);
      const undone = {
        passkeys: await deleteUserPasskeys(trx, user.id),
        twoFactorOn: !!(await enabledKey(trx, user.id)),
        ...(await stopPayoutsOfRecoveredAccount(trx, user.id, now)),
      };
      const url = deps.config.publicUrl;
      await queueMail(trx, emailChangeUndoneMail(url, restores, undone), now);
      if (user.email !== restores) await queueMail(trx, emailChangeUndoneNoticeMail(url, user.email), now);
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.undoTaken);
    throw err;
  }
  deps.mailWorker.kick();
  await invalidateSessions(deps, { userId });
  await deps.hub.endSessions({ userId, reason: SOCKET_CLOSE_REASONS.signedOut });
  await clearBucket(db, bucketFor('signin-account', restores));
  return { email: restores };
}
