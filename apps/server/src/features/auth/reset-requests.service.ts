import type { AppDeps } from '../../app';
import { accountLock, lockKeys } from '../../db/key-lock';
import { queueMail } from '../../email/mail-outbox';
import { afterReply } from '../../lib/after-reply';
import { startPeriodicTask } from '../../lib/periodic-task';
import { walkInBatches } from '../../lib/walk-in-batches';
import { AUTH_POLICY } from './auth-policy';
import { passwordResetMail } from './auth-mails';
import { pendingResetRequests, takeResetRequest, type ResetRequest } from './reset-requests.repository';
import { issueToken } from './tokens.service';
import { findUserByEmail, findUserWithDeletionById, notDeleted } from './users.repository';

const BATCH = 50;

/**
 * Work on one reset request kept before its reply (decision 227): for an address with a (not deleted) account, a link
 * and its mail in the transaction that takes the request, the account read again under its lock; for any other, the
 * request is only taken. Safe to run at once in several places: the request is taken by one transaction, and one that
 * fails stays for the sweep. Whether a mail was queued.
 */
async function workOnResetRequest(deps: AppDeps, request: ResetRequest) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const user = await findUserByEmail(db, request.email);
  const account = notDeleted(user) ? user : undefined;
  return db.transaction().execute(async (trx) => {
    if (account) await lockKeys(trx, [accountLock(account.id)]);
    if (!(await takeResetRequest(trx, request.id)) || !account) return false;
    // Under the account's lock, which a deletion and an undo (decision 177) take, the account is read again: either
    // may have just committed, deleting the account or taking the address away.
    const still = await findUserWithDeletionById(trx, account.id);
    if (!notDeleted(still) || still.email !== request.email) return false;
    const token = await issueToken(trx, still.id, 'reset_password', now, AUTH_POLICY.resetLinkTtlMs);
    await queueMail(trx, passwordResetMail(deps.config.publicUrl, still.email, token), now);
    return true;
  });
}

/**
 * Every request still kept (those a stopped process answered but never worked on), oldest first, walked past each one
 * read (decision 241): one that fails is logged and kept for the next sweep, and holds back none.
 */
export async function processResetRequests(deps: AppDeps) {
  let mailed = 0;
  await walkInBatches(
    BATCH,
    (after: { createdAt: number; id: string } | undefined) => pendingResetRequests(deps.db.db, BATCH, after),
    async (request) => {
      if (await workOnResetRequest(deps, request)) mailed++;
    },
    (err, request) => deps.log.error({ err, resetRequestId: request.id }, 'reset request failed; retried next sweep'),
  );
  if (mailed) deps.mailWorker.kick();
  return mailed;
}

/** Right after the reply, outside it: the request just kept (what a stopped process left is the sweep's). */
export function afterResetRequest(deps: AppDeps, request: ResetRequest, onError: (err: unknown) => void) {
  afterReply(
    deps,
    async () => {
      if (await workOnResetRequest(deps, request)) deps.mailWorker.kick();
    },
    onError,
  );
}

/** At start (requests a stopped process answered but never worked on) and then every interval; 0: never. */
export function startResetRequestSweep(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  return startPeriodicTask(intervalMs, () => processResetRequests(deps), onError, { atStart: true });
}
