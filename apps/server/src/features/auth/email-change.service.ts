import { EMAIL_CHANGE_MESSAGES as M } from '@accountry/shared/email-change';
import type { AppDeps } from '../../app';
import { isUniqueViolation } from '../../db/errors';
import { queueMail } from '../../email/mail-outbox';
import { badRequest, conflict } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { invalidateSessions } from '../../sessions/session-cache';
import { AUTH_POLICY } from './auth-policy';
import { emailChangeMail, emailChangeNoticeMail } from './auth-mails';
import { checkMailSlot, claimMailSlot } from './mail-limit.service';
import { confirmPassword } from './confirm-password.service';
import { addressHeldForUndo, retireUserTokens } from './tokens.repository';
import { accountLock, lockKeys } from '../../db/key-lock';
import { lockLiveSession } from '../../sessions/sessions.service';
import { enabledKey, requireCodeIfOn, requireCodeStillIfOn } from './two-factor.service';
import { holdPayouts } from '../orders/payout-hold.service';
import { consumeToken, issueToken, linkInvalid, peekToken, retireToken, tokenStillOpen } from './tokens.service';
import { findUserByEmail, findUserWithDeletionById, updateUser } from './users.repository';
import { recordAccountEvent } from '../../lib/account-events';
import { afterReply } from '../../lib/after-reply';

/**
 * Ask to change the account's address (decision 165): the password (and with two-factor sign-in on a code, decision
 * 172) confirms it, a link goes to the new address and a notice to the current one. Whether another account has the
 * new address is looked at after the reply, and then only the link is left out: the answer, its time, the notice and
 * the retired earlier link are the same, so the form cannot be used to find out who is registered (decision 227).
 */
export async function requestEmailChange(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string | null,
  input: { email: string; password: string; code?: string },
  ip: string,
  onError: (err: unknown) => void,
) {
  await confirmPassword(deps, user, input.password, ip, 'password');
  if (input.email === user.email) throw badRequest(M.sameEmail, { email: M.sameEmail });
  const db = deps.db.db;
  // The mail limit is looked at before the code, so its refusal does not spend one, and counted only after it.
  await checkMailSlot(db, 'mail-change', input.email, deps.clock.now());
  const asked = await requireCodeIfOn(deps, user, input.code, ip);
  const now = deps.clock.now();
  await claimMailSlot(db, 'mail-change', input.email, now);
  const token = await db.transaction().execute(async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    await requireCodeStillIfOn(trx, user.id, asked);
    // One open change at a time: an earlier link stops working, whether or not the address is taken. The new link is
    // made here, in the order the account's lock gives the asks, and mailed (or dropped) after the reply.
    await retireUserTokens(trx, user.id, 'change_email', now);
    const link = await issueToken(trx, user.id, 'change_email', now, AUTH_POLICY.verifyLinkTtlMs, input.email);
    await recordAccountEvent(trx, user.id, 'email_change_asked', now, { ip });
    await queueMail(trx, emailChangeNoticeMail(deps.config.publicUrl, user.email, input.email, false), now);
    return link;
  });
  deps.mailWorker.kick();
  afterReply(deps, () => mailChangeLink(deps, user, input.email, token, now), onError);
  return { message: M.sent(input.email) };
}

/**
 * Mails the ask's link to the new address, unless another account holds it or may still take it back (decision 177):
 * then the link is retired unsent. A link a later ask retired meanwhile, on any process, is neither mailed nor revived.
 */
async function mailChangeLink(deps: AppDeps, user: AuthUser, email: string, token: string, now: number) {
  const queued = await deps.db.db.transaction().execute(async (trx) => {
    // The account's lock, as the asks take it: no later ask retires the link between its check and its mail.
    await lockKeys(trx, [accountLock(user.id)]);
    if (!(await tokenStillOpen(trx, token, 'change_email'))) return false;
    if ((await findUserByEmail(trx, email)) || (await addressHeldForUndo(trx, email, now, user.id))) {
      await retireToken(trx, token, now);
      return false;
    }
    await queueMail(trx, emailChangeMail(deps.config.publicUrl, email, user.displayName, token), now);
    return true;
  });
  if (queued) deps.mailWorker.kick();
}

/**
 * Use the link: the account takes the new address, verified (the link proved it), and every open link mailed to the
 * old address stops working but the undo links of earlier changes. 409 when another account took the address
 * meanwhile; the link then stays unused.
 */
export async function confirmEmailChange(deps: AppDeps, token: string) {
  const now = deps.clock.now();
  let changed: { id: string; email: string };
  try {
    changed = await deps.db.db.transaction().execute(async (trx) => {
      // The account's lock first, as the undo takes it (decision 177): the two never wait on each other's rows.
      const open = await peekToken(trx, token, 'change_email', now);
      await lockKeys(trx, [accountLock(open.userId)]);
      const row = await consumeToken(trx, token, 'change_email', now);
      const user = await findUserWithDeletionById(trx, row.userId);
      // A deleted account's address stays as it is (its erasure replaces it).
      if (!user || !row.newEmail || user.disabled || user.deletedStatus === 'unresolved') throw linkInvalid();
      // Kept for another account's undo link (decision 177) since this link was mailed: as taken as if it were used.
      if (await addressHeldForUndo(trx, row.newEmail, now, user.id)) throw conflict(M.taken);
      await updateUser(trx, user.id, { email: row.newEmail, emailVerified: true });
      await recordAccountEvent(trx, user.id, 'email_changed', now);
      await holdPayouts(trx, user.id, now);
      for (const purpose of ['change_email', 'reset_password', 'verify_email'] as const)
        await retireUserTokens(trx, user.id, purpose, now);
      // Made with the password alone, the move can be undone from the old address for a while (decision 177).
      const undoToken = (await enabledKey(trx, user.id))
        ? undefined
        : await issueToken(trx, user.id, 'undo_email_change', now, AUTH_POLICY.undoLinkTtlMs, user.email);
      const notice = emailChangeNoticeMail(deps.config.publicUrl, user.email, row.newEmail, true, undoToken);
      await queueMail(trx, notice, now);
      return { id: user.id, email: row.newEmail };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.taken);
    throw err;
  }
  deps.mailWorker.kick();
  // The session carries the address: cached sessions must not keep the old one.
  await invalidateSessions(deps, { userId: changed.id });
  return { email: changed.email };
}
