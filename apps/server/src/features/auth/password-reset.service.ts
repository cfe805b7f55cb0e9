import { queuePasswordChangedMail } from './password-changed';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import { FIELD_MESSAGES, maskEmail, passwordProblems } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { AppDeps } from '../../app';
import { badRequest } from '../../lib/app-error';
import { claimMailSlot } from './mail-limit.service';
import { hashPassword } from '../../lib/password';
import { accountLock, lockKeys } from '../../db/key-lock';
import { deleteUserSessions } from '../../sessions/sessions.repository';
import { bucketFor, clearBucket } from './throttle.service';
import { markTokenUsed, retireAccountLinks } from './tokens.repository';
import { holdPayouts } from '../orders/payout-hold.service';
import { linkInvalid, peekToken } from './tokens.service';
import { findUserWithDeletionById, notDeleted, updateUser } from './users.repository';
import { insertResetRequest } from './reset-requests.repository';
import { afterResetRequest } from './reset-requests.service';
import { recordAccountEvent } from '../../lib/account-events';

/**
 * Keep the request for the address, whatever it is, and answer: the same statements for an address with an account
 * and one without, so neither the answer nor its time tells which (decision 227). The link is made and mailed after
 * the reply from the kept request (`afterResetRequest`), or by the sweep if this process stops first.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, onError: (err: unknown) => void) {
  const db = deps.db.db;
  const now = deps.clock.now();
  await claimMailSlot(db, 'mail-reset', email, now);
  afterResetRequest(deps, await insertResetRequest(db, email, now), onError);
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

/** Whether a reset link can still be used, and for which (masked) address. */
export async function resetLinkStatus(deps: AppDeps, token: string) {
  const row = await peekToken(deps.db.db, token, 'reset_password', deps.clock.now());
  const user = await findUserWithDeletionById(deps.db.db, row.userId);
  if (!notDeleted(user)) throw linkInvalid();
  return { email: maskEmail(user.email) };
}

/**
 * Set a new password from a reset link. The link is used up, every other reset link retired and every other
 * session ended; the address counts as verified (the link reached it) and its sign-in lock-out is lifted.
 */
export async function confirmPasswordReset(
  deps: AppDeps,
  token: string,
  password: string,
  keepSession: { id: string | null; userId?: string },
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const row = await peekToken(db, token, 'reset_password', now);
  const user = await findUserWithDeletionById(db, row.userId);
  if (!notDeleted(user)) throw linkInvalid();
  if (passwordProblems(password, user.email).includes(FIELD_MESSAGES.passwordContainsEmail)) {
    throw badRequest(FIELD_MESSAGES.passwordContainsEmail, { password: FIELD_MESSAGES.passwordContainsEmail });
  }
  const passwordHash = await hashPassword(password);
  const kept = keepSession.userId === user.id ? (keepSession.id ?? undefined) : undefined;
  await db.transaction().execute(async (trx) => {
    // The account's lock first, as the undo takes it (decision 177): the two never wait on each other's rows.
    await lockKeys(trx, [accountLock(user.id)]);
    // Read again under the lock a deletion takes: one committed since the read above leaves the link nothing to reset.
    if (!notDeleted(await findUserWithDeletionById(trx, user.id))) throw linkInvalid();
    if (!(await markTokenUsed(trx, row.id, now))) throw linkInvalid();
    await updateUser(trx, user.id, { passwordHash, emailVerified: true });
    await recordAccountEvent(trx, user.id, 'password_reset', now);
    await retireAccountLinks(trx, user.id, now);
    await holdPayouts(trx, user.id, now);
    await deleteUserSessions(trx, user.id, kept);
    await queuePasswordChangedMail(deps, trx, user.id, 'reset', now);
  });
  await deps.hub.endSessions({ userId: user.id, exceptSessionId: kept, reason: SOCKET_CLOSE_REASONS.signedOut });
  await clearBucket(db, bucketFor('signin-account', user.email));
  return { email: user.email };
}
