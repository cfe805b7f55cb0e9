import { ACCOUNT_MESSAGES, AUTH_ERROR_CODES } from '@accountry/shared/auth-messages';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { newToken } from '../../lib/ids';
import { hashToken } from '../../sessions/sessions.service';
import { findToken, insertToken, markTokenUsed, purgeTokensBefore, type TokenPurpose } from './tokens.repository';
import { DAY_MS } from '@accountry/shared/durations';

export const linkInvalid = () => new AppError(400, AUTH_ERROR_CODES.linkInvalid, ACCOUNT_MESSAGES.linkInvalid);
export const linkExpired = () => new AppError(400, AUTH_ERROR_CODES.linkExpired, ACCOUNT_MESSAGES.linkExpired);

/** Issue a single-use link token; only its hash is stored, so the table cannot be replayed. */
export async function issueToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  now: number,
  ttlMs: number,
  newEmail: string | null = null,
) {
  const token = newToken();
  await insertToken(db, {
    id: hashToken(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: now + ttlMs,
    usedAt: null,
    newEmail,
  });
  // Links a week past expiry only make the table grow.
  await purgeTokensBefore(db, now - 7 * DAY_MS);
  return token;
}

/** The open token's row, or the reason it cannot be used. */
export async function peekToken(db: Database, token: string, purpose: TokenPurpose, now: number) {
  const row = await findToken(db, hashToken(token), purpose);
  if (!row || row.usedAt !== null) throw linkInvalid();
  if (row.expiresAt <= now) throw linkExpired();
  return row;
}

/** Use the token exactly once: checks it, then claims it so a second request with the same link fails. */
export async function consumeToken(db: Database, token: string, purpose: TokenPurpose, now: number) {
  const row = await peekToken(db, token, purpose, now);
  if (!(await markTokenUsed(db, row.id, now))) throw linkInvalid();
  return row;
}

/** Whether the link is still open: neither used nor retired by a later one. */
export async function tokenStillOpen(db: Database, token: string, purpose: TokenPurpose) {
  const row = await findToken(db, hashToken(token), purpose);
  return row !== undefined && row.usedAt === null;
}

/** Retire one link unused, as a later link retires it. */
export const retireToken = (db: Database, token: string, now: number) => markTokenUsed(db, hashToken(token), now);
