import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { MAX_PASSKEYS, PASSKEY_MESSAGES as M, type Passkey } from '@accountry/shared/passkeys';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { queueMailToUser } from '../../email/mail-to-user';
import type { AuthUser } from '../../plugins/auth';
import { passkeyChangedMail, type PasskeyChange } from './passkey-mails';
import { passkeyErrors } from './passkey-errors';
import {
  CHALLENGE_MS,
  RP_NAME,
  handOutChallenge,
  relyingParty,
  spendSignedChallenge,
  userHandleBytes,
} from './passkey-ceremony';
import { confirmPassword } from './confirm-password.service';
import * as repo from './passkeys.repository';
import { requireCodeIfOn, requireCodeStillIfOn } from './two-factor.service';
import { lockLiveSession } from '../../sessions/sessions.service';
import { recordAccountEvent } from '../../lib/account-events';

/**
 * A member's passkeys (decision 171): listing, adding with the password (and a code when that is on), renaming,
 * removing.
 */

/** Adding or removing one account's passkeys never interleave, so the count holds. */
const MAX_CREDENTIAL_ID_BYTES = 1023;
const passkeysLock = (userId: string) => `passkeys:${userId}`;

export const toPasskey = (row: repo.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  synced: row.synced,
});

/** How many passkeys sign in to the account (the admin user page shows it). */
export const passkeyCount = (db: Database, userId: string) => repo.countPasskeys(db, userId);

export async function listOwnPasskeys(deps: AppDeps, user: AuthUser) {
  return { passkeys: (await repo.listPasskeys(deps.db.db, user.id)).map(toPasskey) };
}

/** Every change is mailed to the member and kept in their activity (decision 178). */
async function mailChange(
  deps: AppDeps,
  db: Database,
  userId: string,
  change: PasskeyChange,
  name: string,
  now: number,
  ip: string,
) {
  await recordAccountEvent(db, userId, change === 'added' ? 'passkey_added' : 'passkey_removed', now, { ip });
  await queueMailToUser(db, userId, (to) => passkeyChangedMail(deps.config.publicUrl, to.email, change, name), now);
}

/** The browser's `create()` options, after the password and, when two-factor sign-in is on, a code. */
export async function passkeyRegistrationOptions(
  deps: AppDeps,
  user: AuthUser,
  input: { password: string; code?: string },
  ip: string,
) {
  await confirmPassword(deps, user, input.password, ip, 'password');
  const asked = await requireCodeIfOn(deps, user, input.code, ip);
  const db = deps.db.db;
  const existing = await repo.listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw passkeyErrors.tooMany();
  const { rpId } = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rpId,
    userName: user.email,
    userDisplayName: user.displayName || user.email,
    userID: userHandleBytes(user.id),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    // The browser refuses an authenticator that already holds one of these, before the member does anything.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await db.transaction().execute(async (trx) => {
    // Turning two-factor sign-in on drops the challenges there are; none may be handed out past it without a code.
    await requireCodeStillIfOn(trx, user.id, asked);
    await repo.dropRegistrationChallenges(trx, user.id);
    await handOutChallenge(trx, options.challenge, 'register', user.id, deps.clock.now(), asked.codeChecked);
  });
  return { options: options as unknown as Record<string, unknown> };
}

/** Check what the authenticator made against the challenge handed to this member, and keep its public key. */
export async function addPasskey(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string | null,
  input: { name: string; credential: RegistrationResponseJSON },
  ip: string,
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const spent = await spendSignedChallenge(db, input.credential.response.clientDataJSON, 'register', user.id, now);
  const { origin, rpId } = relyingParty(deps);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: spent.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
    });
    if (!result.verified) throw passkeyErrors.notVerified();
    info = result.registrationInfo;
  } catch (err) {
    deps.log.info({ err: (err as Error).message, userId: user.id }, 'a passkey registration was refused');
    throw passkeyErrors.notVerified();
  }
  // What the authenticator signed is what is kept: the id the browser names, within WebAuthn's 1023 bytes.
  const credentialId = info.credential.id;
  if (credentialId !== input.credential.id || Buffer.from(credentialId, 'base64url').length > MAX_CREDENTIAL_ID_BYTES)
    throw passkeyErrors.notVerified();
  const row: repo.PasskeyRow = {
    id: newId(),
    userId: user.id,
    credentialId,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: JSON.stringify(info.credential.transports ?? []),
    synced: info.credentialBackedUp,
    name: input.name,
    createdAt: now,
    lastUsedAt: null,
  };
  // The account's lock before the passkeys' (sorted by withKeyLocks), as every other path takes it first.
  await withKeyLocks(db, [accountLock(user.id), passkeysLock(user.id)], async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    // Two-factor sign-in turned on since a challenge was handed out without a code: refused as its options would be.
    await requireCodeStillIfOn(trx, user.id, spent);
    if ((await repo.countPasskeys(trx, user.id)) >= MAX_PASSKEYS) throw passkeyErrors.tooMany();
    const holder = await repo.findPasskeyByCredential(trx, row.credentialId);
    if (holder?.userId === user.id) throw passkeyErrors.alreadyAdded();
    // A real authenticator never makes an id another account holds: a copied one is refused without saying whose.
    if (holder) {
      deps.log.warn({ userId: user.id }, 'a passkey registration named a credential id another account holds');
      throw passkeyErrors.notVerified();
    }
    try {
      await repo.insertPasskey(trx, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw passkeyErrors.alreadyAdded();
      throw err;
    }
    await mailChange(deps, trx, user.id, 'added', row.name, now, ip);
  });
  return { passkey: toPasskey(row) };
}

export async function renameOwnPasskey(deps: AppDeps, user: AuthUser, id: string, name: string) {
  // Read back in the renaming transaction: a removal committed just after it would leave nothing to read.
  const passkey = await deps.db.db.transaction().execute(async (trx) => {
    if (!(await repo.renamePasskey(trx, user.id, id, name))) return undefined;
    return repo.findOwnPasskey(trx, user.id, id);
  });
  if (!passkey) throw notFound(M.notFound);
  return { passkey: toPasskey(passkey) };
}

/** Removed with the password: a stolen session alone cannot take away the owner's way in. */
export async function removeOwnPasskey(deps: AppDeps, user: AuthUser, id: string, password: string, ip: string) {
  const db = deps.db.db;
  if (!(await repo.findOwnPasskey(db, user.id, id))) throw notFound(M.notFound);
  await confirmPassword(deps, user, password, ip, 'password');
  const now = deps.clock.now();
  await withKeyLocks(db, [passkeysLock(user.id)], async (trx) => {
    const row = await repo.findOwnPasskey(trx, user.id, id);
    if (!row || !(await repo.deletePasskey(trx, user.id, id))) throw notFound(M.notFound);
    await mailChange(deps, trx, user.id, 'removed', row.name, now, ip);
  });
}
