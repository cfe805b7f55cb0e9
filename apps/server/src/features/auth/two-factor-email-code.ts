import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { SETUP_VALID_MINUTES } from '@accountry/shared/two-factor';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { TwoFactorTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { appCipher } from '../../lib/app-cipher';
import { newEmailCode, normalEmailCode } from './two-factor-codes';
import { twoFactorSetupCodeMail } from './two-factor-mails';

/**
 * The code a two-factor set-up mails to the account's address, which turning it on takes (decision 175): kept as a
 * keyed digest with a key of its own, so the database alone does not give it away.
 */
const digestOf = (deps: AppDeps, userId: string, code: string) =>
  appCipher(deps).digest(`${userId}:${code}`, 'two-factor-email-code');

export function newSetupEmailCode(deps: AppDeps, userId: string) {
  const code = newEmailCode();
  return { code, digest: digestOf(deps, userId, code) };
}

/** Queued in the set-up's transaction: no key is pending without its mail. */
export const mailSetupEmailCode = (deps: AppDeps, trx: Database, userId: string, code: string, now: number) =>
  queueMailToUser(
    trx,
    userId,
    (to) => twoFactorSetupCodeMail(deps.config.publicUrl, to.email, code, SETUP_VALID_MINUTES),
    now,
  );

/** The typed code is the pending key's (compared in constant time); false for a key pending from before (none kept). */
export function emailCodeMatches(deps: AppDeps, row: TwoFactorTable, typed: string) {
  if (!row.emailCode) return false;
  const given = Buffer.from(digestOf(deps, row.userId, normalEmailCode(typed)));
  const kept = Buffer.from(row.emailCode);
  return given.length === kept.length && timingSafeEqual(given, kept);
}
