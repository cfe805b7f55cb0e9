import type { AppDeps } from '../../app';
import { PASSKEY_CHALLENGE_MINUTES } from '@accountry/shared/passkeys';
import type { Database } from '../../db/database';
import type { PasskeyChallengesTable } from '../../db/schema';
import { passkeyErrors } from './passkey-errors';
import { saveChallenge, spendChallenge } from './passkeys.repository';

/** What every WebAuthn ceremony shares (decision 171): who we are to the browser, and one-time challenges. */

export const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
export const RP_NAME = 'Accountry';

/** The site as the browser names it: the public URL's origin, and its host name as the relying party id. */
export function relyingParty(deps: AppDeps) {
  const url = new URL(deps.config.publicUrl);
  return { origin: url.origin, rpId: url.hostname };
}

/** The id the authenticator keeps for the account: the user id's bytes, which say nothing about the person. */
export const userHandleBytes = (userId: string) => new TextEncoder().encode(userId);
export const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

type Purpose = PasskeyChallengesTable['purpose'];

export async function handOutChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: number,
  codeChecked = false,
) {
  await saveChallenge(db, { challenge, purpose, userId, expiresAt: now + CHALLENGE_MS, codeChecked }, now);
}

/**
 * The challenge the browser signed, read from its client data; spent here, so a response works once. With whether a
 * two-factor code was checked when it was handed out.
 */
export async function spendSignedChallenge(
  db: Database,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
  now: number,
) {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
  } catch {
    throw passkeyErrors.notVerified();
  }
  // Only the shape of a challenge we hand out reaches the database (a NUL, say, is an error on PostgreSQL).
  if (typeof challenge !== 'string' || !CHALLENGE_SHAPE.test(challenge)) throw passkeyErrors.notVerified();
  const spent = await spendChallenge(db, challenge, purpose, userId, now);
  if (!spent) throw passkeyErrors.expired();
  return { challenge, codeChecked: spent.codeChecked };
}
