import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { AppDeps } from '../../app';
import { AUTH_POLICY } from './auth-policy';
import { queueMail } from '../../email/mail-outbox';
import { verificationMail } from './auth-mails';
import { claimMailSlot } from './mail-limit.service';
import { retireUserTokens } from './tokens.repository';
import { consumeToken, issueToken, linkInvalid } from './tokens.service';
import { findUserByEmail, findUserById, updateUser } from './users.repository';
import { invalidateSessions } from '../../sessions/session-cache';
import { afterReply } from '../../lib/after-reply';

/** Use a verification link: the address is verified and every other open verification link retired. */
export async function verifyEmail(deps: AppDeps, token: string) {
  const now = deps.clock.now();
  const user = await deps.db.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, token, 'verify_email', now);
    const found = await findUserById(trx, row.userId);
    if (!found) throw linkInvalid();
    await updateUser(trx, found.id, { emailVerified: true });
    await retireUserTokens(trx, found.id, 'verify_email', now);
    return found;
  });
  await invalidateSessions(deps, { userId: user.id });
  return { email: user.email };
}

/**
 * Queue a fresh link for an unverified account. The answer is the same, as fast, whether or not there is one: only the
 * address's mail slot is taken before it, and the account is read and its link made after the reply (decision 227,
 * amended). A process stopping in between loses that one mail, which the member asks for again; nothing is kept for
 * a sweep, unlike a reset request, since no other step waits on it.
 */
export async function resendVerification(deps: AppDeps, email: string, onError: (err: unknown) => void) {
  const db = deps.db.db;
  const now = deps.clock.now();
  await claimMailSlot(db, 'mail-verify', email, now);
  afterReply(
    deps,
    async () => {
      const user = await findUserByEmail(db, email);
      if (!user || user.emailVerified || user.disabled || user.deletedStatus === 'unresolved') return;
      await db.transaction().execute(async (trx) => {
        const token = await issueToken(trx, user.id, 'verify_email', now, AUTH_POLICY.verifyLinkTtlMs);
        await queueMail(trx, verificationMail(deps.config.publicUrl, user.email, user.displayName, token), now);
      });
      deps.mailWorker.kick();
    },
    onError,
  );
  return { message: ACCOUNT_MESSAGES.verificationResent };
}
