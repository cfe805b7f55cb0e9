import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_DISPLAY_NAME } from '@accountry/shared/account-rules';
import type { SelfRole } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { isUniqueViolation } from '../../db/errors';
import { queueMail } from '../../email/mail-outbox';
import { newId } from '../../lib/ids';
import { afterReply } from '../../lib/after-reply';
import { AUTH_POLICY } from './auth-policy';
import { signUpAttemptMail, verificationMail } from './auth-mails';
import { mayMail } from './mail-limit.service';
import { hashPassword } from '../../lib/password';
import { issueToken } from './tokens.service';
import { undoHoldUntil } from './tokens.repository';
import { signUpHeldAddressMail } from './email-undo-mails';
import type { Mail } from '../../email/mailer';
import { findUserByEmail, insertUser } from './users.repository';

export interface SignUp {
  email: string;
  password: string;
  displayName?: string;
  phoneNumber?: string;
  role?: SelfRole;
}

/**
 * Create an unverified account and queue its verification mail, in one transaction. The answer is the same when
 * the address already has an account (its owner is mailed instead), so sign-up never tells who is registered: before
 * the reply only the password's hash and the mail slot are done, the same for any address; the account is looked up
 * and made after it (decision 227). A process stopping in between loses that sign-up, which the visitor makes again.
 */
export async function signUp(deps: AppDeps, input: SignUp, log: FastifyBaseLogger) {
  // Hashed either way, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  // The verification mail's slot, claimed whether or not the address is taken: a taken one's count left alone told a
  // stranger asking for a new link next that it was. It counts toward the resend limit, and the mail is sent only
  // within it: sign-ups with forms of one inbox's address ("name+1@", "name+2@") must not flood it.
  const mailNow = await mayMail(deps.db.db, 'mail-verify', input.email, now);
  afterReply(
    deps,
    () => createAccount(deps, input, { passwordHash, mailNow, now }, log),
    (err) => log.error({ err }, 'sign-up failed after its reply'),
  );
  return { email: input.email };
}

async function createAccount(
  deps: AppDeps,
  input: SignUp,
  made: { passwordHash: string; mailNow: boolean; now: number },
  log: FastifyBaseLogger,
) {
  const db = deps.db.db;
  const { passwordHash, mailNow, now } = made;
  if (await findUserByEmail(db, input.email)) {
    await mailOwner(deps, input.email, (url) => signUpAttemptMail(url, input.email), now);
    return;
  }
  // An address an undo link may give back (decision 177) is as good as taken; its mail says why, and until when.
  const heldUntil = await undoHoldUntil(db, input.email, now);
  if (heldUntil !== undefined) {
    await mailOwner(deps, input.email, (url) => signUpHeldAddressMail(url, input.email, heldUntil), now);
    return;
  }
  const id = newId();
  const displayName = input.displayName ?? DEFAULT_DISPLAY_NAME;
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        email: input.email,
        passwordHash,
        displayName,
        phoneNumber: input.phoneNumber ?? '',
        role: input.role ?? 'buyer',
        createdAt: now,
        lastActive: now,
        profileComplete: true,
        emailVerified: false,
        disabled: false,
      });
      const token = await issueToken(trx, id, 'verify_email', now, AUTH_POLICY.verifyLinkTtlMs);
      if (mailNow) await queueMail(trx, verificationMail(deps.config.publicUrl, input.email, displayName, token), now);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    log.info('sign-up raced another for the same address');
    await mailOwner(deps, input.email, (url) => signUpAttemptMail(url, input.email), now);
    return;
  }
  deps.mailWorker.kick();
}

/** Tell the owner someone tried to sign up with their address, at most as often as other account mail. */
async function mailOwner(deps: AppDeps, email: string, mail: (publicUrl: string) => Mail, now: number) {
  if (!(await mayMail(deps.db.db, 'mail-signup', email, now))) return;
  await queueMail(deps.db.db, mail(deps.config.publicUrl), now);
  deps.mailWorker.kick();
}
