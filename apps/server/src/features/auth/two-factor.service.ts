import { TWO_FACTOR_MESSAGES as M, type TwoFactorStatus } from '@accountry/shared/two-factor';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { TwoFactorTable } from '../../db/schema';
import { withKeyLocks } from '../../db/key-lock';
import { appCipher } from '../../lib/app-cipher';
import { badRequest, conflict } from '../../lib/app-error';
import { queueMailToUser } from '../../email/mail-to-user';
import type { AuthUser } from '../../plugins/auth';
import { confirmPassword } from './profile.service';
import { claimSignInAttempt } from './signin-attempts';
import { authErrors } from './auth-errors';
import { releaseHits } from './throttle.service';
import * as repo from './two-factor.repository';
import {
  acceptedStep,
  authenticatorUri,
  looksLikeAppCode,
  newAuthenticatorKey,
  newRecoveryCodes,
  recoveryCodeHash,
} from './two-factor-codes';
import { recoveryCodeUsedMail, twoFactorChangedMail } from './two-factor-mails';

/** Turning it on, off or making new codes for one account never interleave. */
const twoFactorLock = (userId: string) => `two-factor:${userId}`;
const keyContext = (userId: string) => `two-factor:${userId}`;

const openKey = (deps: AppDeps, row: TwoFactorTable) => appCipher(deps).openText(row.secret, keyContext(row.userId));

const invalidCode = () => badRequest(M.codeInvalid, { code: M.codeInvalid });

/** The account's key once it is on, or undefined (a pending set-up is not on). */
export async function enabledKey(db: Database, userId: string) {
  const row = await repo.findTwoFactor(db, userId);
  return row?.enabledAt != null ? row : undefined;
}

export async function twoFactorStatus(deps: AppDeps, user: AuthUser): Promise<TwoFactorStatus> {
  const row = await enabledKey(deps.db.db, user.id);
  if (!row) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: row.enabledAt,
    recoveryCodesLeft: await repo.recoveryCodesLeft(deps.db.db, user.id),
  };
}

/**
 * Spend a second factor: a code of the app (each time step once) or an unused recovery code (whose owner then hears
 * how many are left). False when it is neither.
 */
export async function spendSecondFactor(deps: AppDeps, row: TwoFactorTable, typed: string): Promise<boolean> {
  const db = deps.db.db;
  const now = deps.clock.now();
  if (looksLikeAppCode(typed)) {
    const step = acceptedStep(openKey(deps, row), typed, now);
    return step !== null && (await repo.claimStep(db, row.userId, step));
  }
  const hash = recoveryCodeHash(typed);
  if (!hash || !(await repo.spendRecoveryCode(db, row.userId, hash, now))) return false;
  const left = await repo.recoveryCodesLeft(db, row.userId);
  await queueMailToUser(db, row.userId, (to) => recoveryCodeUsedMail(deps.config.publicUrl, to.email, left), now);
  return true;
}

/** A new key to add to the app; it is on only once a code from the app confirms it (`enableTwoFactor`). */
export async function startTwoFactorSetup(deps: AppDeps, user: AuthUser, password: string, ip: string) {
  await confirmPassword(deps, user, password, ip, 'password');
  const key = newAuthenticatorKey();
  const sealed = appCipher(deps).sealText(key, keyContext(user.id));
  if (!(await repo.savePendingKey(deps.db.db, user.id, sealed, deps.clock.now()))) throw conflict(M.alreadyOn);
  return { secret: key, uri: authenticatorUri(key, user.email) };
}

/** The first code from the app turns the pending key on; the recovery codes are returned this once. */
export async function enableTwoFactor(deps: AppDeps, user: AuthUser, code: string) {
  const now = deps.clock.now();
  return withKeyLocks(deps.db.db, [twoFactorLock(user.id)], async (trx) => {
    const row = await repo.findTwoFactor(trx, user.id);
    if (row?.enabledAt != null) throw conflict(M.alreadyOn);
    if (!row) throw conflict(M.setupMissing);
    const step = acceptedStep(openKey(deps, row), code, now);
    if (step === null) throw invalidCode();
    if (!(await repo.enableKey(trx, user.id, row.secret, step, now))) throw conflict(M.setupMissing);
    const recoveryCodes = await storeNewRecoveryCodes(trx, user.id);
    await queueMailToUser(trx, user.id, (to) => twoFactorChangedMail(deps.config.publicUrl, to.email, 'on'), now);
    return { recoveryCodes };
  });
}

async function storeNewRecoveryCodes(trx: Database, userId: string) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => recoveryCodeHash(c)!),
  );
  return codes;
}

/**
 * The signed-in user proves they hold the second factor too. Wrong codes count toward the sign-in lock-out like wrong
 * passwords, so a stolen session with the password cannot guess codes without limit.
 */
async function confirmSecondFactor(deps: AppDeps, user: AuthUser, code: string, ip: string) {
  const row = await enabledKey(deps.db.db, user.id);
  if (!row) throw conflict(M.notOn);
  const attempt = await claimSignInAttempt(deps.db.db, user.email, ip, deps.clock.now());
  if (!attempt) throw authErrors.tooManyAttempts();
  if (!(await spendSecondFactor(deps, row, code))) throw invalidCode();
  await releaseHits(deps.db.db, attempt);
}

/** Off again, with the password and a code (or a recovery code): the key and the codes are deleted. */
export async function disableTwoFactor(
  deps: AppDeps,
  user: AuthUser,
  input: { password: string; code: string },
  ip: string,
) {
  await confirmPassword(deps, user, input.password, ip, 'password');
  await confirmSecondFactor(deps, user, input.code, ip);
  const now = deps.clock.now();
  await withKeyLocks(deps.db.db, [twoFactorLock(user.id)], async (trx) => {
    if (!(await repo.deleteTwoFactor(trx, user.id))) return;
    await queueMailToUser(trx, user.id, (to) => twoFactorChangedMail(deps.config.publicUrl, to.email, 'off'), now);
  });
}

/** New recovery codes replace the old ones, with the password. */
export async function replaceRecoveryCodes(deps: AppDeps, user: AuthUser, password: string, ip: string) {
  await confirmPassword(deps, user, password, ip, 'password');
  const now = deps.clock.now();
  return withKeyLocks(deps.db.db, [twoFactorLock(user.id)], async (trx) => {
    if (!(await enabledKey(trx, user.id))) throw conflict(M.notOn);
    const recoveryCodes = await storeNewRecoveryCodes(trx, user.id);
    await queueMailToUser(
      trx,
      user.id,
      (to) => twoFactorChangedMail(deps.config.publicUrl, to.email, 'new-codes'),
      now,
    );
    return { recoveryCodes };
  });
}
