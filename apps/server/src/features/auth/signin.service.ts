import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { AUTH_POLICY } from './auth-policy';
import { authErrors } from './auth-errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { bucketFor, claimHits, clearBucket, hitCount, releaseHits } from './throttle.service';
import { findUserByEmail } from './users.repository';

/** Locked while the address or the IP has too many recent failures (checked before the password). */
export async function isLockedOut(db: Database, email: string, ip: string, now: number) {
  const w = AUTH_POLICY.failureWindowMs;
  if ((await hitCount(db, bucketFor('signin-account', email), w, now)) >= AUTH_POLICY.accountFailures) return true;
  return (await hitCount(db, bucketFor('signin-ip', ip), w, now)) >= AUTH_POLICY.ipFailures;
}

/**
 * Count the attempt as a failure before the ~100 ms password check, atomically with the lock-out check, so a burst
 * of parallel guesses is limited exactly like a sequence. Null when the address or the IP is locked.
 */
export async function claimSignInAttempt(db: Database, email: string, ip: string, now: number) {
  const windowMs = AUTH_POLICY.failureWindowMs;
  return claimHits(
    db,
    [
      { bucket: bucketFor('signin-account', email), limit: AUTH_POLICY.accountFailures, windowMs },
      { bucket: bucketFor('signin-ip', ip), limit: AUTH_POLICY.ipFailures, windowMs },
    ],
    now,
  );
}

/**
 * Check e-mail and password, then the account's state. The state (deleted, disabled, unverified) is told only to
 * someone who knew the password; an unknown address costs the same hash as a known one.
 */
export async function checkSignIn(deps: AppDeps, input: { email: string; password: string }, ip: string) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const attempt = await claimSignInAttempt(db, input.email, ip, now);
  if (!attempt) throw authErrors.tooManyAttempts();
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    // The failure that reaches the limit already says so.
    if (await isLockedOut(db, input.email, ip, now)) throw authErrors.tooManyAttempts();
    throw authErrors.invalidCredentials();
  }
  await releaseHits(db, attempt);
  await clearBucket(db, bucketFor('signin-account', input.email));
  if (user.deletedStatus === 'unresolved') throw authErrors.deleted();
  if (user.disabled) throw authErrors.disabled();
  if (!user.emailVerified) throw authErrors.unverified();
  return user;
}
