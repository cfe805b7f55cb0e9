import type { Database } from '../../db/database';
import type { ClientAddressKey } from '../../lib/client-address';
import { AUTH_POLICY } from './auth-policy';
import { bucketFor, claimHits, clearBucket, hitCount } from './throttle.service';

/**
 * Locked while the address or the client's address (its IPv6 /64: `clientAddressKey`) has too many recent failures
 * (checked before the password).
 */
export async function isLockedOut(db: Database, email: string, client: ClientAddressKey, now: number) {
  const w = AUTH_POLICY.failureWindowMs;
  if ((await hitCount(db, bucketFor('signin-account', email), w, now)) >= AUTH_POLICY.accountFailures) return true;
  return (await hitCount(db, bucketFor('signin-ip', client), w, now)) >= AUTH_POLICY.ipFailures;
}

/** One attempt counted in the bucket of what is guessed at and in the IP's, atomically with their limits. */
function claimAttempt(db: Database, bucket: string, client: ClientAddressKey, now: number) {
  const windowMs = AUTH_POLICY.failureWindowMs;
  return claimHits(
    db,
    [
      { bucket, limit: AUTH_POLICY.accountFailures, windowMs },
      { bucket: bucketFor('signin-ip', client), limit: AUTH_POLICY.ipFailures, windowMs },
    ],
    now,
  );
}

/**
 * Count the attempt as a failure before the ~100 ms password check, atomically with the lock-out check, so a burst
 * of parallel guesses is limited exactly like a sequence. Null when the address or the IP is locked.
 */
export const claimSignInAttempt = (db: Database, email: string, client: ClientAddressKey, now: number) =>
  claimAttempt(db, bucketFor('signin-account', email), client, now);

/**
 * The wrong codes of an account's second factor are counted by its id, not its address, and cleared only by a right
 * code: a password reset or a new address (which clear the password's count) must not buy more guesses (decision 168).
 */
export const codeFailuresBucket = (userId: string) => bucketFor('signin-code', userId);

/** Count a second-factor attempt before checking it, with the IP's limit; null when either is reached. */
export const claimCodeAttempt = (db: Database, userId: string, client: ClientAddressKey, now: number) =>
  claimAttempt(db, codeFailuresBucket(userId), client, now);

export async function codeFailures(db: Database, userId: string, now: number) {
  return hitCount(db, codeFailuresBucket(userId), AUTH_POLICY.failureWindowMs, now);
}

/** The owner's one mail about a wrong code in a window of wrong codes, counted apart from the codes themselves. */
const wrongCodeNoticeBucket = (userId: string) => bucketFor('signin-code-notice', userId);

/**
 * Whether this wrong code is the one of its window the owner is mailed about, claimed under the bucket's lock: wrong
 * codes sent at once each saw the others counted and none mailed, which kept a password guessed right a secret.
 */
export const claimWrongCodeNotice = async (db: Database, userId: string, now: number) =>
  !!(await claimHits(
    db,
    [{ bucket: wrongCodeNoticeBucket(userId), limit: 1, windowMs: AUTH_POLICY.failureWindowMs }],
    now,
  ));

/** A right code (or support turning it off) forgives the wrong ones; the next wrong code is mailed about again. */
export async function clearCodeFailures(db: Database, userId: string) {
  await clearBucket(db, codeFailuresBucket(userId));
  await clearBucket(db, wrongCodeNoticeBucket(userId));
}
