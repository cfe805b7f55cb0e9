import { SETUP_VALID_MINUTES, TWO_FACTOR_MESSAGES as M, type TwoFactorStatus } from '@accountry/shared/two-factor';
import { AUTH_ERROR_CODES } from '@accountry/shared/auth-messages';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { TwoFactorTable } from '../../db/schema';
import { accountLock, lockKeys, withKeyLocks } from '../../db/key-lock';
import { lockLiveSession } from '../../sessions/sessions.service';
import { appCipher } from '../../lib/app-cipher';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { clientAddressKey } from '../../lib/client-address';
import { queueMailToUser } from '../../email/mail-to-user';
import type { AuthUser } from '../../plugins/auth';
import { confirmPassword } from './confirm-password.service';
import { authErrors } from './auth-errors';
import { AUTH_POLICY } from './auth-policy';
import { claimCodeAttempt, claimWrongCodeNotice, clearCodeFailures, codeFailures } from './signin-attempts';
import { releaseHits } from './throttle.service';
import * as repo from './two-factor.repository';
import { retireAccountLinks } from './tokens.repository';
import { dropRegistrationChallenges } from './passkeys.repository';
import { acceptedStep, looksLikeAppCode, newRecoveryCodes, normalRecoveryCode } from './two-factor-codes';
import { recoveryCodeUsedMail, twoFactorChangedMail, wrongCodeMail, type TwoFactorChange } from './two-factor-mails';
import { emailCodeMatches } from './two-factor-email-code';
import { recordAccountEvent, type EventOrigin } from '../../lib/account-events';
import type { AccountEventKind } from '@accountry/shared/account-activity';

/** Turning it on, off or making new codes for one account never interleave. */
const twoFactorLock = (userId: string) => `two-factor:${userId}`;

/** The locks turning it on holds (the account's, then its own), for a caller that must take them before row locks. */
export const lockTwoFactorOf = (trx: Database, userId: string) =>
  lockKeys(trx, [accountLock(userId), twoFactorLock(userId)]);
/** What a sealed key is bound to: it opens for its own account only. */
export const keyContext = (userId: string) => `two-factor:${userId}`;
export const SETUP_VALID_MS = SETUP_VALID_MINUTES * 60_000;

const codeHash = (deps: AppDeps, userId: string, code: string) =>
  appCipher(deps).digest(`${userId}:${code}`, 'recovery-code');

const invalidCode = () => badRequest(M.codeInvalid, { code: M.codeInvalid });

/** The key of the account cannot be opened: CREDENTIALS_KEY changed. Recovery codes still work. */
class KeyUnreadable extends Error {}

function openKey(deps: AppDeps, row: TwoFactorTable) {
  try {
    return appCipher(deps).openText(row.secret, keyContext(row.userId));
  } catch (err) {
    deps.log.error({ err, userId: row.userId }, 'an authenticator key could not be opened');
    throw new KeyUnreadable();
  }
}

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

/** Spend a code of the app (each time step once) or an unused recovery code; false when it is neither. */
async function spendSecondFactor(deps: AppDeps, row: TwoFactorTable, typed: string, signingIn: boolean) {
  const db = deps.db.db;
  const now = deps.clock.now();
  if (looksLikeAppCode(typed)) {
    const step = acceptedStep(openKey(deps, row), typed, now);
    return step !== null && (await repo.claimStep(db, row.userId, step));
  }
  const code = normalRecoveryCode(typed);
  if (!code || !(await repo.spendRecoveryCode(db, row.userId, codeHash(deps, row.userId, code), now))) return false;
  // Turning it off or making new codes mails about that instead.
  if (signingIn) {
    const left = await repo.recoveryCodesLeft(db, row.userId);
    await queueMailToUser(db, row.userId, (to) => recoveryCodeUsedMail(deps.config.publicUrl, to.email, left), now);
  }
  return true;
}

/**
 * Check a second factor under its own lock-out (five wrong codes an account in 15 minutes, counted by its id, cleared
 * only by a right code) and the IP's. The first wrong code of a window tells the owner their password is known.
 */
export async function requireSecondFactor(
  deps: AppDeps,
  row: TwoFactorTable,
  typed: string,
  ip: string,
  { signingIn, invalid }: { signingIn: boolean; invalid: () => AppError },
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const attempt = await claimCodeAttempt(db, row.userId, clientAddressKey(ip), now);
  if (!attempt) throw authErrors.twoFactorLocked();
  let spent: boolean;
  try {
    spent = await spendSecondFactor(deps, row, typed, signingIn);
  } catch (err) {
    if (!(err instanceof KeyUnreadable)) throw err;
    await releaseHits(db, attempt);
    throw new AppError(503, AUTH_ERROR_CODES.twoFactorUnavailable, M.unavailable);
  }
  if (spent) {
    await releaseHits(db, attempt);
    await clearCodeFailures(db, row.userId);
    return;
  }
  if (await claimWrongCodeNotice(db, row.userId, now))
    await queueMailToUser(db, row.userId, (to) => wrongCodeMail(deps.config.publicUrl, to.email), now);
  if ((await codeFailures(db, row.userId, now)) >= AUTH_POLICY.accountFailures) throw authErrors.twoFactorLocked();
  throw invalid();
}

const codeRequired = () => badRequest(M.codeRequired, { code: M.codeRequired });

/** What `requireCodeIfOn` found: whether a code was checked, for the write to look again (`requireCodeStillIfOn`). */
export type CodeCheck = { codeChecked: boolean };

/**
 * When two-factor sign-in is on, a code (or a recovery code) must come with the password for what adds another way
 * in (a passkey, decision 171): a stolen session and the password are not enough.
 */
export async function requireCodeIfOn(
  deps: AppDeps,
  user: AuthUser,
  code: string | undefined,
  ip: string,
): Promise<CodeCheck> {
  const row = await enabledKey(deps.db.db, user.id);
  if (!row) return { codeChecked: false };
  if (!code) throw codeRequired();
  await requireSecondFactor(deps, row, code, ip, { signingIn: false, invalid: invalidCode });
  return { codeChecked: true };
}

/**
 * In the write's transaction, under the account's lock (which turning it on holds): two-factor sign-in turned on since
 * `requireCodeIfOn` read it as off refuses what was asked with the password alone, as the check itself would have.
 */
export async function requireCodeStillIfOn(trx: Database, userId: string, { codeChecked }: CodeCheck) {
  await lockKeys(trx, [accountLock(userId)]);
  if (!codeChecked && (await enabledKey(trx, userId))) throw codeRequired();
}

/**
 * The first code from the app and the mailed code turn the pending key on, within SETUP_VALID_MINUTES; the recovery
 * codes are returned this once. Wrong codes of either kind count like any other second factor's.
 */
export async function enableTwoFactor(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string | null,
  { code, emailCode }: { code: string; emailCode: string },
  ip: string,
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  // Refusals that need no code are looked at before a code is counted: they are no guess, and counting them would let
  // a stolen session lock the owner's codes out. Looked at again under the lock.
  const pendingKey = (row: TwoFactorTable | undefined) => {
    if (row?.enabledAt != null) throw conflict(M.alreadyOn);
    // A key pending from before mailed codes has none: it is set up again.
    if (!row || !row.emailCode || row.createdAt + SETUP_VALID_MS < now) throw conflict(M.setupMissing);
    return row;
  };
  pendingKey(await repo.findTwoFactor(db, user.id));
  const attempt = await claimCodeAttempt(db, user.id, clientAddressKey(ip), now);
  if (!attempt) throw authErrors.twoFactorLocked();
  const result = await withKeyLocks(db, [twoFactorLock(user.id), accountLock(user.id)], async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    const row = pendingKey(await repo.findTwoFactor(trx, user.id));
    const step = acceptedStep(openKey(deps, row), code, now);
    const mailed = emailCodeMatches(deps, row, emailCode);
    if (step === null || !mailed) return { refused: { code: step === null, emailCode: !mailed } };
    if (!(await repo.enableKey(trx, user.id, row.secret, step, now))) throw conflict(M.setupMissing);
    const recoveryCodes = await storeNewRecoveryCodes(deps, trx, user.id);
    // A reset or a new address asked for with the password alone would skip what changes now ask (decision 172).
    await retireAccountLinks(trx, user.id, now);
    // So would a passkey challenge handed out with the password alone.
    await dropRegistrationChallenges(trx, user.id);
    await mailChange(deps, trx, user.id, 'on', now, { ip });
    return { recoveryCodes };
  });
  if (result.refused) {
    const { refused } = result;
    const fields = {
      ...(refused.code ? { code: M.setupCodeInvalid } : {}),
      ...(refused.emailCode ? { emailCode: M.emailCodeInvalid } : {}),
    };
    throw badRequest(Object.values(fields)[0], fields);
  }
  await releaseHits(db, attempt);
  await clearCodeFailures(db, user.id);
  return result;
}

async function storeNewRecoveryCodes(deps: AppDeps, trx: Database, userId: string) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => codeHash(deps, userId, normalRecoveryCode(c)!)),
  );
  return codes;
}

type BothFactors = { password: string; code: string };

/** The signed-in user proves they hold both factors: a stolen session and the password are not enough. */
async function confirmBothFactors(deps: AppDeps, user: AuthUser, input: BothFactors, ip: string) {
  await confirmPassword(deps, user, input.password, ip, 'password');
  const row = await enabledKey(deps.db.db, user.id);
  if (!row) throw conflict(M.notOn);
  await requireSecondFactor(deps, row, input.code, ip, { signingIn: false, invalid: invalidCode });
}

/** After the password and a second factor: `fn` under the account's two-factor lock. */
async function withBothFactors<T>(
  deps: AppDeps,
  user: AuthUser,
  input: BothFactors,
  ip: string,
  fn: (trx: Database, now: number) => Promise<T>,
) {
  await confirmBothFactors(deps, user, input, ip);
  const now = deps.clock.now();
  return withKeyLocks(deps.db.db, [twoFactorLock(user.id)], (trx) => fn(trx, now));
}

const CHANGE_EVENTS = {
  on: 'two_factor_on',
  off: 'two_factor_off',
  'off-by-support': 'two_factor_off_by_support',
  'new-codes': 'recovery_codes_new',
} as const satisfies Record<TwoFactorChange, AccountEventKind>;

/** Every change is mailed to the member and kept in their activity (decision 178). */
async function mailChange(
  deps: AppDeps,
  trx: Database,
  userId: string,
  change: TwoFactorChange,
  now: number,
  // The member's own request, where it came from; none for support's.
  origin: EventOrigin = {},
) {
  await recordAccountEvent(trx, userId, CHANGE_EVENTS[change], now, origin);
  await queueMailToUser(trx, userId, (to) => twoFactorChangedMail(deps.config.publicUrl, to.email, change), now);
}

/** Off again, with the password and a code (or a recovery code): the key and the codes are deleted. */
export async function disableTwoFactor(deps: AppDeps, user: AuthUser, input: BothFactors, ip: string) {
  await withBothFactors(deps, user, input, ip, async (trx, now) => {
    if (await repo.deleteTwoFactor(trx, user.id)) await mailChange(deps, trx, user.id, 'off', now, { ip });
  });
}

/** New recovery codes replace the old ones, with the password and a code (or one of the old codes). */
export async function replaceRecoveryCodes(deps: AppDeps, user: AuthUser, input: BothFactors, ip: string) {
  return withBothFactors(deps, user, input, ip, async (trx, now) => {
    if (!(await enabledKey(trx, user.id))) throw conflict(M.notOn);
    const recoveryCodes = await storeNewRecoveryCodes(deps, trx, user.id);
    await mailChange(deps, trx, user.id, 'new-codes', now, { ip });
    return { recoveryCodes };
  });
}

/**
 * Support turns it off, in the admin's transaction, for a member who lost both phone and recovery codes and proved who
 * they are another way; the member is mailed. False when it was not on.
 */
export async function removeTwoFactor(deps: AppDeps, trx: Database, userId: string, now: number) {
  await lockKeys(trx, [twoFactorLock(userId)]);
  if (!(await enabledKey(trx, userId))) return false;
  await repo.deleteTwoFactor(trx, userId);
  await clearCodeFailures(trx, userId);
  await mailChange(deps, trx, userId, 'off-by-support', now);
  return true;
}
