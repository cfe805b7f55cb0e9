import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { AUTH_POLICY } from './auth-policy';
import { countHits, deleteBucket, insertHits, latestHit, purgeHitsBefore } from './throttle.repository';

/**
 * Counters kept in the database, so lock-outs and mail limits hold across server processes and restarts.
 * Buckets are hashed: the table never holds an address or an IP in the clear.
 */
export const bucketFor = (kind: 'signin-account' | 'signin-ip' | 'mail-verify' | 'mail-reset', key: string) =>
  createHash('sha256').update(`${kind}:${key}`).digest('base64url');

export async function hitCount(db: Database, bucket: string, windowMs: number, now: number) {
  return countHits(db, bucket, now - windowMs);
}

export async function lastHitAt(db: Database, bucket: string) {
  return latestHit(db, bucket);
}

/** Count one event in each bucket and drop events too old to matter. */
export async function hit(db: Database, buckets: string[], now: number) {
  await insertHits(db, buckets, now);
  await purgeHitsBefore(db, now - AUTH_POLICY.throttleRetentionMs);
}

export async function clearBucket(db: Database, bucket: string) {
  await deleteBucket(db, bucket);
}
