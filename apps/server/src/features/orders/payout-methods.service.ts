import {
  PAYOUT_METHOD_MESSAGES as M,
  erasedSummary,
  payoutDetailLines,
  payoutDetailsSchema,
  payoutSummary,
  type PayoutDetails,
  type PayoutMethodReply,
} from '@accountry/shared/payout-methods';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { PayoutMethodsTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { appCipher } from '../../lib/app-cipher';
import { conflict } from '../../lib/app-error';
import type { CredentialsCipher } from '../../lib/credentials-cipher';
import type { AuthUser } from '../../plugins/auth';
import { confirmPassword } from '../auth/confirm-password.service';
import { requireCodeIfOn } from '../auth/two-factor.service';
import { payoutDetailsChangedMail, payoutDetailsRemovedMail } from './payout-mails';
import { PAYOUT_HOLD_MS } from './payout-hold.service';
import { lockLiveSession } from '../../sessions/sessions.service';
import { recordAccountEvent } from '../../lib/account-events';
import { assertMayTakePayouts, payoutTransaction } from './payout-role';

// Sealed for the member: details moved to another account's row cannot be opened there.
const sealContext = (userId: string) => `payout-details:${userId}`;

/** The details sealed for the member (the seed keeps the demo seller's this way too). */
export const sealPayoutDetails = (cipher: CredentialsCipher, userId: string, details: PayoutDetails) =>
  cipher.sealText(JSON.stringify(details), sealContext(userId));

const findMethod = (db: Database, userId: string) =>
  db.selectFrom('payoutMethods').selectAll().where('userId', '=', userId).executeTakeFirst();

const toView = (row: PayoutMethodsTable) => ({
  kind: row.kind,
  summary: row.summary,
  changedAt: row.changedAt,
  payoutsFrom: row.payoutsFrom,
});

/** The member's payout details as they see them: the summary, never the whole number. */
export async function payoutMethodOf(deps: AppDeps, userId: string): Promise<PayoutMethodReply> {
  const row = await findMethod(deps.db.db, userId);
  return { method: row ? toView(row) : null };
}

/**
 * Set or replace where the member's payouts go (decision 173), after the password and, with two-factor sign-in on, a
 * code (decision 172). The owner is mailed, and payouts wait PAYOUT_HOLD_MS so they can stop a change that was not
 * theirs.
 */
export async function setPayoutMethod(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string | null,
  input: { details: PayoutDetails; password: string; code?: string },
  ip: string,
) {
  // Before the password: a buyer's try spends none of their confirmation attempts.
  assertMayTakePayouts(user);
  await confirmPassword(deps, user, input.password, ip, 'password');
  await requireCodeIfOn(deps, user, input.code, ip);
  const now = deps.clock.now();
  const row: PayoutMethodsTable = {
    userId: user.id,
    kind: input.details.kind,
    details: sealPayoutDetails(appCipher(deps), user.id, input.details),
    summary: payoutSummary(input.details),
    changedAt: now,
    payoutsFrom: now + PAYOUT_HOLD_MS,
  };
  // The role read again as it writes: a member who switched to buyer since the session was read stores nothing.
  await payoutTransaction(deps.db.db, user.id, async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    const { userId: _id, ...changed } = row;
    await trx
      .insertInto('payoutMethods')
      .values(row)
      .onConflict((oc) => oc.column('userId').doUpdateSet(changed))
      .execute();
    const url = deps.config.publicUrl;
    await recordAccountEvent(trx, user.id, 'payout_details_changed', now, { ip });
    await queueMailToUser(trx, user.id, (to) => payoutDetailsChangedMail(url, to.email, row.summary), now);
  });
  deps.mailWorker.kick();
  return { method: toView(row) };
}

/**
 * The member removes their details (decision 174), after the password and, with two-factor sign-in on, a code. Open
 * payouts keep the copy they were requested with; the next payout needs new details, and with them a new hold.
 */
export async function removePayoutMethod(
  deps: AppDeps,
  user: AuthUser,
  input: { password: string; code?: string },
  ip: string,
): Promise<PayoutMethodReply> {
  await confirmPassword(deps, user, input.password, ip, 'password');
  const stored = await findMethod(deps.db.db, user.id);
  // Looked at before the code, so asking with nothing stored spends none (a recovery code is single-use).
  if (!stored) throw conflict(M.noneToRemove);
  await requireCodeIfOn(deps, user, input.code, ip);
  const now = deps.clock.now();
  await deps.db.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('payoutMethods')
      .where('userId', '=', user.id)
      .returning('summary')
      .executeTakeFirst();
    if (!removed) throw conflict(M.noneToRemove);
    const url = deps.config.publicUrl;
    await recordAccountEvent(trx, user.id, 'payout_details_removed', now, { ip });
    await queueMailToUser(trx, user.id, (to) => payoutDetailsRemovedMail(url, to.email, removed.summary), now);
  });
  deps.mailWorker.kick();
  return { method: null };
}

/**
 * What a payout request keeps of the details, so a later change does not redirect it: 409 when there are none, or when
 * they were set or changed within the hold.
 */
export async function payoutDestination(db: Database, userId: string, now: number) {
  const row = await findMethod(db, userId);
  if (!row) throw conflict(M.missing);
  if (row.payoutsFrom > now) throw conflict(M.onHold);
  return { destination: row.details, destinationSummary: row.summary };
}

/** A payout's details for the admin who sends it; undefined before decision 173, once erased, or if unreadable. */
export function destinationLines(deps: AppDeps, payout: { id: string; userId: string; destination: string | null }) {
  if (!payout.destination) return undefined;
  try {
    const text = appCipher(deps).openText(payout.destination, sealContext(payout.userId));
    return payoutDetailLines(payoutDetailsSchema.parse(JSON.parse(text)));
  } catch (err) {
    deps.log.error({ err, payoutId: payout.id }, "a payout's details could not be opened");
    return undefined;
  }
}

/**
 * Erasing an account's personal data (decision 164) takes its payout details, kept and on its payouts, whose summaries
 * keep only the method.
 */
export async function erasePayoutDetails(db: Database, userId: string) {
  await db.deleteFrom('payoutMethods').where('userId', '=', userId).execute();
  const payouts = await db
    .selectFrom('payouts')
    .select(['id', 'destinationSummary'])
    .where('userId', '=', userId)
    .execute();
  for (const p of payouts)
    await db
      .updateTable('payouts')
      .set({ destination: null, destinationSummary: erasedSummary(p.destinationSummary) })
      .where('id', '=', p.id)
      .execute();
}
