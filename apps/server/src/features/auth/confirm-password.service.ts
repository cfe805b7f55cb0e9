import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { AppDeps } from '../../app';
import { badRequest } from '../../lib/app-error';
import { clientAddressKey } from '../../lib/client-address';
import { verifyPassword } from '../../lib/password';
import type { AuthUser } from '../../plugins/auth';
import { authErrors } from './auth-errors';
import { RATE_LIMITS } from './auth-policy';
import { claimSignInAttempt } from './signin-attempts';
import { releaseHits } from './throttle.service';
import { findUserById } from './users.repository';

/**
 * The signed-in user proves they know their password before a change that needs it. Wrong guesses count toward the
 * sign-in lock-out (a stolen session must not become a password oracle); `field` names the form field in the error.
 */
export async function confirmPassword(deps: AppDeps, user: AuthUser, password: string, ip: string, field: string) {
  const db = deps.db.db;
  const attempt = await claimSignInAttempt(db, user.email, clientAddressKey(ip), deps.clock.now());
  if (!attempt) throw authErrors.tooManyAttempts();
  const row = (await findUserById(db, user.id))!;
  if (!(await verifyPassword(password, row.passwordHash)))
    throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword, { [field]: ACCOUNT_MESSAGES.wrongCurrentPassword });
  await releaseHits(db, attempt);
}

/** The per-address request limit of every route that confirms the password, for other features' routes too. */
export const PASSWORD_CONFIRMATION_LIMIT = RATE_LIMITS.password;
