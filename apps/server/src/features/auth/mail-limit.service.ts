import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import type { Database } from '../../db/database';
import { withKeyLocks } from '../../db/key-lock';
import { tooManyRequests } from '../../lib/app-error';
import { AUTH_POLICY } from './auth-policy';
import { mailboxOf } from './mailbox-key';
import { bucketFor, hitCount, lastHitAt, purgeOldHits, type BucketKind } from './throttle.service';
import { insertHits } from './throttle.repository';
import { HOUR_MS } from '@accountry/shared/durations';

type MailKind = Extract<BucketKind, `mail-${string}`>;

/** The count of one kind of mail to the inbox the address reaches (`mailboxOf`), whichever form it is written in. */
const mailBucket = (kind: MailKind, email: string) => bucketFor(kind, mailboxOf(email));

/** Why an address may not be mailed now (one a minute and five an hour per kind and inbox), or null when it may. */
async function refusal(db: Database, kind: MailKind, email: string, now: number) {
  const bucket = mailBucket(kind, email);
  const last = await lastHitAt(db, bucket);
  if (last !== null && now - last < AUTH_POLICY.mailCooldownMs) return ACCOUNT_MESSAGES.mailTooSoon;
  if ((await hitCount(db, bucket, HOUR_MS, now)) >= AUTH_POLICY.mailsPerHour) return ACCOUNT_MESSAGES.mailTooMany;
  return null;
}

/**
 * Look at the limit and count the mail as one step under the bucket's lock: requests sent at once (from many client
 * addresses) are limited exactly as a sequence, not each let through by a look taken before the others counted.
 */
async function claim(db: Database, kind: MailKind, email: string, now: number) {
  const bucket = mailBucket(kind, email);
  const refused = await withKeyLocks(db, [bucket], async (trx) => {
    const why = await refusal(trx, kind, email, now);
    if (!why) await insertHits(trx, [bucket], now);
    return why;
  });
  if (!refused) await purgeOldHits(db, now);
  return refused;
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
  const refused = await claim(db, kind, email, now);
  if (refused) throw tooManyRequests(refused);
}

/** The same limit where the caller must not learn of it: true when a mail may go out now. */
export async function mayMail(db: Database, kind: MailKind, email: string, now: number) {
  return !(await claim(db, kind, email, now));
}
