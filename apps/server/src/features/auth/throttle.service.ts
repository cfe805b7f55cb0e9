import { hash } from 'node:crypto';
import type { Database } from '../../db/database';
import { withKeyLocks } from '../../db/key-lock';
import type { ClientAddressKey } from '../../lib/client-address';
import { AUTH_POLICY } from './auth-policy';
import { countHits, deleteBucket, deleteHits, insertHits, latestHit, purgeHitsBefore } from './throttle.repository';

/**
 * Counters kept in the database, so lock-outs and mail limits hold across server processes and restarts.
 * Buckets are hashed: the table never holds an address or an IP in the clear.
 */
export type BucketKind =
  | 'signin-account'
  | 'signin-ip'
  | 'signin-code'
  | 'signin-code-notice'
  | 'mail-verify'
  | 'mail-reset'
  | 'mail-signup'
  | 'mail-change'
  | 'mail-two-factor';

/** A client's bucket is keyed by its address's key (its IPv6 /64), never by the raw address. */
type BucketKey<K extends BucketKind> = K extends 'signin-ip' ? ClientAddressKey : string;

export const bucketFor = <K extends BucketKind>(kind: K, key: BucketKey<K>) =>
  hash('sha256', `${kind}:${key}`, 'base64url');

export async function hitCount(db: Database, bucket: string, windowMs: number, now: number) {
  return countHits(db, bucket, now - windowMs);
}

export async function lastHitAt(db: Database, bucket: string) {
  return latestHit(db, bucket);
}

/** Drop events too old to matter. */
export const purgeOldHits = (db: Database, now: number) => purgeHitsBefore(db, now - AUTH_POLICY.throttleRetentionMs);

/** Count one event in each bucket and drop events too old to matter. */
export async function hit(db: Database, buckets: string[], now: number) {
  await insertHits(db, buckets, now);
  await purgeOldHits(db, now);
}

export interface BucketLimit {
  bucket: string;
  /** Events allowed in the window; the next one is refused. */
  limit: number;
  windowMs: number;
  /** Also refused while the latest event is younger than this. */
  cooldownMs?: number;
}

/**
 * Check every limit and, if none is reached, count the event in every bucket, as one step under the buckets'
 * locks: parallel requests are counted exactly as a sequence would be. Returns the ids of the counted events
 * (to release them if the event turns out not to count), or null when a limit is reached.
 */
export async function claimHits(db: Database, limits: BucketLimit[], now: number): Promise<string[] | null> {
  const claimed = await withKeyLocks(
    db,
    limits.map((l) => l.bucket),
    async (trx) => {
      for (const l of limits) {
        if ((await countHits(trx, l.bucket, now - l.windowMs)) >= l.limit) return null;
        const last = l.cooldownMs ? await latestHit(trx, l.bucket) : null;
        if (last !== null && now - last < l.cooldownMs!) return null;
      }
      return insertHits(
        trx,
        limits.map((l) => l.bucket),
        now,
      );
    },
  );
  if (claimed) await purgeOldHits(db, now);
  return claimed;
}

/** Take back claimed events (an attempt that succeeded is not a failure). */
export async function releaseHits(db: Database, ids: string[]) {
  await deleteHits(db, ids);
}

export async function clearBucket(db: Database, bucket: string) {
  await deleteBucket(db, bucket);
}
