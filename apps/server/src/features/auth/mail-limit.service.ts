import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { Database } from '../../db/database';
import { tooManyRequests } from '../../lib/app-error';
import { AUTH_POLICY } from './auth-policy';
import { bucketFor, hit, hitCount, lastHitAt, type BucketKind } from './throttle.service';

const HOUR = 60 * 60 * 1000;

type MailKind = Extract<BucketKind, `mail-${string}`>;

/** Why an address may not be mailed now (one a minute and five an hour per kind), or null when it may. */
async function refusal(db: Database, kind: MailKind, email: string, now: number) {
  const bucket = bucketFor(kind, email);
  const last = await lastHitAt(db, bucket);
  if (last !== null && now - last < AUTH_POLICY.mailCooldownMs) return ACCOUNT_MESSAGES.mailTooSoon;
  if ((await hitCount(db, bucket, HOUR, now)) >= AUTH_POLICY.mailsPerHour) return ACCOUNT_MESSAGES.mailTooMany;
  return null;
}

/** 429 when the address may not be mailed now, without counting a mail (for a check made before a code is spent). */
export async function checkMailSlot(db: Database, kind: MailKind, email: string, now: number) {
  const refused = await refusal(db, kind, email, now);
  if (refused) throw tooManyRequests(refused);
}

/**
 * Claim the right to mail an address. Counted per address whether or not it has an account, so the limit itself
 * reveals nothing.
 */
export async function claimMailSlot(db: Database, kind: MailKind, email: string, now: number) {
  await checkMailSlot(db, kind, email, now);
  await hit(db, [bucketFor(kind, email)], now);
}

/** The same limit where the caller must not learn of it: true when a mail may go out now. */
export async function mayMail(db: Database, kind: MailKind, email: string, now: number) {
  if (await refusal(db, kind, email, now)) return false;
  await hit(db, [bucketFor(kind, email)], now);
  return true;
}
