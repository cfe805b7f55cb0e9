import type { AppDeps } from '../../app';
import { authErrors } from './auth-errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { clientAddressKey } from '../../lib/client-address';
import { bucketFor, clearBucket, releaseHits } from './throttle.service';
import { claimSignInAttempt, isLockedOut } from './signin-attempts';
import { enabledKey, requireSecondFactor } from './two-factor.service';
import { looksLikeAppCode } from './two-factor-codes';
import { findUserByEmail } from './users.repository';

/**
 * Check email and password, then the second factor when it is on (decision 168), then the account's state. The state
 * (deleted, disabled, unverified) is told only to someone who passed both; an unknown address costs the same hash as
 * a known one.
 */
export async function checkSignIn(
  deps: AppDeps,
  input: { email: string; password: string; code?: string },
  ip: string,
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const client = clientAddressKey(ip);
  const attempt = await claimSignInAttempt(db, input.email, client, now);
  if (!attempt) throw authErrors.tooManyAttempts();
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    // The failure that reaches the limit already says so.
    if (await isLockedOut(db, input.email, client, now)) throw authErrors.tooManyAttempts();
    throw authErrors.invalidCredentials();
  }
  // The password was right: its failures clear. Wrong codes have their own count, which only a right code clears.
  await releaseHits(db, attempt);
  await clearBucket(db, bucketFor('signin-account', input.email));
  const key = await enabledKey(db, user.id);
  if (key) {
    if (!input.code) throw authErrors.twoFactorRequired();
    await requireSecondFactor(deps, key, input.code, ip, { signingIn: true, invalid: authErrors.twoFactorInvalid });
  }
  if (user.deletedStatus === 'unresolved') throw authErrors.deleted();
  if (user.disabled) throw authErrors.disabled();
  if (!user.emailVerified) throw authErrors.unverified();
  // Which second factor let them in, for the member's security activity (decision 178).
  const recoveryCode = !!key && !looksLikeAppCode(input.code!);
  return { user, recoveryCode };
}
