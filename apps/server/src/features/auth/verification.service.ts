import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { AppDeps } from '../../app';
import { AUTH_POLICY } from './auth-policy';
import { authErrors } from './auth-errors';
import { verificationMail } from './auth-mails';
import { claimMailSlot } from './mail-limit.service';
import { retireUserTokens } from './tokens.repository';
import { consumeToken, issueToken, linkInvalid } from './tokens.service';
import { findUserByEmail, findUserById, updateUser } from './users.repository';

/** Use a verification link: the address is verified and every other open verification link retired. */
export async function verifyEmail(deps: AppDeps, token: string) {
  const now = deps.clock.now();
  return deps.db.db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, token, 'verify_email', now);
    const user = await findUserById(trx, row.userId);
    if (!user) throw linkInvalid();
    await updateUser(trx, user.id, { emailVerified: true });
    await retireUserTokens(trx, user.id, 'verify_email', now);
    return { email: user.email };
  });
}

/** Mail a fresh link to an unverified account; the answer is the same whether or not there is one. */
export async function resendVerification(deps: AppDeps, email: string, log: FastifyBaseLogger) {
  const db = deps.db.db;
  const now = deps.clock.now();
  await claimMailSlot(db, 'mail-verify', email, now);
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerified && !user.disabled && user.deletedStatus !== 'unresolved') {
    const token = await issueToken(db, user.id, 'verify_email', now, AUTH_POLICY.verifyLinkTtlMs);
    try {
      await deps.mailer.send(verificationMail(deps.config.publicUrl, user.email, user.displayName, token));
    } catch (err) {
      log.error({ err }, 'verification mail failed');
      throw authErrors.verificationMailFailed();
    }
  }
  return { message: ACCOUNT_MESSAGES.verificationResent };
}
