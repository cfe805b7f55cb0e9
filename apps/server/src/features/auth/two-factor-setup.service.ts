import { TWO_FACTOR_MESSAGES as M } from '@accountry/shared/two-factor';
import type { AppDeps } from '../../app';
import { appCipher } from '../../lib/app-cipher';
import { conflict } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { confirmPassword } from './confirm-password.service';
import { claimMailSlot } from './mail-limit.service';
import * as repo from './two-factor.repository';
import { SETUP_VALID_MS, enabledKey, keyContext } from './two-factor.service';
import { authenticatorUri, newAuthenticatorKey } from './two-factor-codes';
import { mailSetupEmailCode, newSetupEmailCode } from './two-factor-email-code';

/**
 * A new key to add to the app, and a code mailed to the account's address (decision 175); the key is on only once a
 * code from the app and the mailed code confirm it (`enableTwoFactor`).
 */
export async function startTwoFactorSetup(deps: AppDeps, user: AuthUser, password: string, ip: string) {
  await confirmPassword(deps, user, password, ip, 'password');
  const db = deps.db.db;
  if (await enabledKey(db, user.id)) throw conflict(M.alreadyOn);
  const now = deps.clock.now();
  await claimMailSlot(db, 'mail-two-factor', user.email, now);
  const key = newAuthenticatorKey();
  const sealed = appCipher(deps).sealText(key, keyContext(user.id));
  const emailCode = newSetupEmailCode(deps, user.id);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.savePendingKey(trx, user.id, sealed, emailCode.digest, now))) throw conflict(M.alreadyOn);
    await mailSetupEmailCode(deps, trx, user.id, emailCode.code, now);
  });
  deps.mailWorker.kick();
  return { secret: key, uri: authenticatorUri(key, user.email), emailedTo: user.email };
}

/**
 * A new mailed code for the key being set up, when the first mail is late or lost: the key already in the app stays,
 * the earlier code stops working, and the set-up's time starts again. Under the same mail limit as the set-up.
 */
export async function resendSetupEmailCode(deps: AppDeps, user: AuthUser) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const row = await repo.findTwoFactor(db, user.id);
  if (row?.enabledAt != null) throw conflict(M.alreadyOn);
  if (!row || row.createdAt + SETUP_VALID_MS < now) throw conflict(M.setupMissing);
  await claimMailSlot(db, 'mail-two-factor', user.email, now);
  const emailCode = newSetupEmailCode(deps, user.id);
  await db.transaction().execute(async (trx) => {
    // The very key looked at, still pending: a set-up or a turning on meanwhile leaves nothing to send a code for.
    if (!(await repo.replaceEmailCode(trx, user.id, row.secret, emailCode.digest, now))) throw conflict(M.setupMissing);
    await mailSetupEmailCode(deps, trx, user.id, emailCode.code, now);
  });
  deps.mailWorker.kick();
  return { emailedTo: user.email };
}
