import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_DISPLAY_NAME } from '@accountry/shared/account-rules';
import type { SelfRole } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { newId } from '../../lib/ids';
import { AUTH_POLICY } from './auth-policy';
import { authErrors } from './auth-errors';
import { verificationMail } from './auth-mails';
import { hashPassword } from './password';
import { bucketFor, hit } from './throttle.service';
import { issueToken } from './tokens.service';
import { deleteUserRow, findUserByEmail, insertUser, isUniqueViolation } from './users.repository';

export interface SignUp {
  email: string;
  password: string;
  displayName?: string;
  phoneNumber?: string;
  role?: SelfRole;
}

/**
 * Create an unverified account and mail its verification link. The user and the link are written in one
 * transaction; if the mail cannot be sent the user is removed again, so a failed sign-up leaves nothing behind.
 */
export async function signUp(deps: AppDeps, input: SignUp, log: FastifyBaseLogger) {
  const db = deps.db.db;
  if (await findUserByEmail(db, input.email)) throw authErrors.emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const id = newId();
  const displayName = input.displayName ?? DEFAULT_DISPLAY_NAME;
  let token: string;
  try {
    token = await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id, email: input.email, passwordHash, displayName, phoneNumber: input.phoneNumber ?? '', role: input.role ?? 'buyer',
        createdAt: now, lastActive: now, profileComplete: true, emailVerified: false, disabled: false,
      });
      // The first mail counts toward the resend limit.
      await hit(trx, [bucketFor('mail-verify', input.email)], now);
      return issueToken(trx, id, 'verify_email', now, AUTH_POLICY.verifyLinkTtlMs);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw authErrors.emailTaken();
    throw err;
  }
  try {
    await deps.mailer.send(verificationMail(deps.config.publicUrl, input.email, displayName, token));
  } catch (err) {
    log.error({ err }, 'verification mail failed; removing the new account');
    await deleteUserRow(db, id);
    throw authErrors.verificationMailFailed();
  }
  return { id, email: input.email };
}
