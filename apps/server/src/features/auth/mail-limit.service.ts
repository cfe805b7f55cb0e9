import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { Database } from '../../db/database';
import { tooManyRequests } from '../../lib/app-error';
import { AUTH_POLICY } from './auth-policy';
import { bucketFor, hit, hitCount, lastHitAt } from './throttle.service';

const HOUR = 60 * 60 * 1000;

/**
 * Claim the right to mail an address: one a minute and five an hour per kind. Counted per address whether or
 * not it has an account, so the limit itself reveals nothing.
 */
export async function claimMailSlot(db: Database, kind: 'mail-verify' | 'mail-reset', email: string, now: number) {
  const bucket = bucketFor(kind, email);
  const last = await lastHitAt(db, bucket);
  if (last !== null && now - last < AUTH_POLICY.mailCooldownMs) throw tooManyRequests(ACCOUNT_MESSAGES.mailTooSoon);
  if ((await hitCount(db, bucket, HOUR, now)) >= AUTH_POLICY.mailsPerHour) throw tooManyRequests(ACCOUNT_MESSAGES.mailTooMany);
  await hit(db, [bucket], now);
}
