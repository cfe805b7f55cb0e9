import { mailLinks } from '../../email/unsubscribe-links';
import { WALLET_MESSAGES as W, PAYOUT_REQUESTS_PER_DAY } from '@accountry/shared/wallet-messages';
import { DAY_MS } from '@accountry/shared/durations';
import { payoutReferenceKey, type Payout } from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import { adminTransaction, lockActingAdmin } from '../../db/acting-admin';
import { queueMailToUser } from '../../email/mail-to-user';
import { queuePayoutAdminMail } from './admin-task-mails';
import { payoutDecidedMail, type PayoutDecision } from './payout-mails';
import { payoutDestination } from './payout-methods.service';
import { mayTrade } from './order-listings.repository';
import { assertNotParty } from '../../lib/admin-not-party';
import { checkReferenceUnused } from './payout-reference.service';
import { checkChargebacksCovered, refuseHeldForChargebacks } from './chargeback-holds';
import { ownPayout } from './wallet.service';
import { assertMayTakePayouts, payoutTransaction } from './payout-role';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { madeInWindow, refuseWhenWindowFull } from '../../lib/window-allowance';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { EXTERNAL, availableAccount, heldAccount, postLedger, postLedgerOr409 } from '../../lib/ledger';

/** A payout's life: asked for by its member, then paid or rejected by an admin or canceled by the member. */

/**
 * Each request mails every admin: counted over 24 hours whatever became of it, so canceling does not free a mail
 * (decision 197). Read under the account's lock, which every request takes, so parallel requests cannot pass together.
 */
async function refuseOverDailyLimit(trx: Database, userId: string, now: number) {
  const made = await madeInWindow(
    trx
      .selectFrom('payouts')
      .where('userId', '=', userId)
      .where('createdAt', '>', now - DAY_MS),
  );
  refuseWhenWindowFull(made, { max: PAYOUT_REQUESTS_PER_DAY, windowMs: DAY_MS }, now, W.payoutTooMany);
}

/**
 * A seller asks for their available balance (or part of it); the amount is held while the request is open, and the
 * request keeps where it goes (decision 173). The reply is the new payout.
 */
export async function requestPayout(deps: AppDeps, user: AuthUser, amountCents: number): Promise<Payout> {
  assertMayTakePayouts(user);
  const min = deps.config.orders.payoutMinimumCents;
  if (amountCents < min) throw badRequest(W.payoutMinimum(min), { amountCents: W.payoutMinimum(min) });
  const now = deps.clock.now();
  const id = newId();
  // Under the account's lock, with the role read again: an address given back stops the account's payouts under this
  // lock (decision 177), so none may slip in beside it, and a member who switched to buyer meanwhile asks for none.
  await payoutTransaction(deps.db.db, user.id, async (trx) => {
    // Closing an account (disabled or deleted) takes this lock too: a request already past its session check waits
    // for it, and then finds the account closed (decision 169).
    if (!(await mayTrade(trx, user.id))) throw forbidden(W.payoutAccountClosed);
    await refuseOverDailyLimit(trx, user.id, now);
    await refuseHeldForChargebacks(trx, user.id, amountCents, min);
    const destination = await payoutDestination(trx, user.id, now);
    await trx
      .insertInto('payouts')
      .values({
        id,
        userId: user.id,
        amountCents,
        status: 'open',
        reason: '',
        createdAt: now,
        decidedAt: null,
        decidedBy: null,
        ...destination,
      })
      .execute();
    await postLedgerOr409(
      trx,
      {
        kind: 'payout_request',
        payoutId: id,
        actorId: user.id,
        moves: [{ from: availableAccount(user.id), to: heldAccount(user.id), amountCents }],
      },
      now,
      W.payoutTooLarge,
    );
    await queuePayoutAdminMail(trx, mailLinks(deps), { userId: user.id, amountCents }, now);
  });
  return ownPayout(deps, user.id, id);
}

/**
 * An open payout reaches its end (paid, rejected, or canceled by its member) and its amount leaves the held balance:
 * for the outside world, or back to available. Conditioned on the payout still open, so two ends never both happen.
 */
async function endOpenPayout(
  trx: Database,
  payout: { id: string; userId: string; amountCents: number },
  end: { status: 'paid' | 'rejected' | 'canceled'; by: string; reason: string; reference?: string },
  now: number,
) {
  const byMember = end.status === 'canceled';
  const res = await trx
    .updateTable('payouts')
    // Decided, its whole details are needed no more: the summary says where it went (decision 174).
    .set({
      status: end.status,
      reason: end.reason,
      reference: end.reference ?? '',
      referenceKey: payoutReferenceKey(end.reference ?? ''),
      decidedAt: now,
      decidedBy: end.by,
      destination: null,
    })
    .where('id', '=', payout.id)
    .where('status', '=', 'open')
    // Its member may take it back only until an admin has its details to send it (decision 233).
    .$if(byMember, (q) => q.where('sendingSince', 'is', null))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(await whyNotEnded(trx, payout.id, byMember));
  await postLedger(
    trx,
    {
      kind: `payout_${end.status}`,
      payoutId: payout.id,
      actorId: end.by,
      memo: end.reason,
      moves: [
        {
          from: heldAccount(payout.userId),
          to: end.status === 'paid' ? EXTERNAL : availableAccount(payout.userId),
          amountCents: payout.amountCents,
        },
      ],
    },
    now,
  );
}

/** Why an end found the payout no longer open to it: decided already, or (for its member) being sent. */
async function whyNotEnded(trx: Database, id: string, byMember: boolean) {
  const row = await trx.selectFrom('payouts').select(['status']).where('id', '=', id).executeTakeFirst();
  return byMember && row?.status === 'open' ? W.payoutBeingSent : W.payoutNotOpen;
}

/**
 * The member takes back a payout request an admin has not decided: the amount returns from held to available. The
 * reply is the canceled payout.
 */
export async function cancelPayout(deps: AppDeps, user: AuthUser, id: string): Promise<Payout> {
  const now = deps.clock.now();
  await deps.db.db.transaction().execute(async (trx) => {
    await lockKeys(trx, [accountLock(user.id)]);
    const payout = await trx
      .selectFrom('payouts')
      .select(['id', 'userId', 'amountCents'])
      .where('id', '=', id)
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (!payout) throw notFound(W.payoutNotFound);
    await endOpenPayout(trx, payout, { status: 'canceled', by: user.id, reason: '' }, now);
  });
  return ownPayout(deps, user.id, id);
}

/** The warnings an admin marking a payout paid has confirmed past (decisions 188, 204). */
export interface PaidConfirmations {
  allowDuplicateReference?: boolean;
  allowChargebackAtStake?: boolean;
}

/**
 * An admin marks a payout sent (the money leaves the platform) or rejects it (back to available); both audited. A
 * reference another payout has is a 409 unless `allowDuplicateReference` (decision 188); so is a member's balance
 * that no longer covers what chargebacks hold, unless `allowChargebackAtStake` (decision 204).
 */
export async function decidePayout(
  deps: AppDeps,
  admin: AuthUser,
  id: string,
  decision: PayoutDecision,
  confirmations: PaidConfirmations = {},
) {
  const now = deps.clock.now();
  const { paid } = decision;
  const reason = decision.paid ? '' : decision.reason;
  const reference = decision.paid ? decision.reference : '';
  await adminTransaction(
    deps.db.db,
    admin.id,
    async (trx) => {
      const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
      if (!payout) throw notFound(W.payoutNotFound);
      assertNotParty(admin.id, [payout.userId], W.ownPayoutDecision);
      await lockActingAdmin(trx, admin.id, [payout.userId]);
      // Decided already: said before any warning about the reference, which would not matter then.
      if (payout.status !== 'open') throw conflict(W.payoutNotOpen);
      // Whether to pay at all comes before what is recorded of it.
      const atStake = paid && (await checkChargebacksCovered(trx, payout, !!confirmations.allowChargebackAtStake));
      const duplicate =
        paid && (await checkReferenceUnused(trx, id, reference, !!confirmations.allowDuplicateReference));
      const status = paid ? 'paid' : 'rejected';
      await endOpenPayout(trx, payout, { status, by: admin.id, reason, reference }, now);
      const url = deps.config.publicUrl;
      await queueMailToUser(
        trx,
        payout.userId,
        (to) => payoutDecidedMail(url, to.email, payout.amountCents, decision),
        now,
      );
      await recordAudit(
        trx,
        {
          actorId: admin.id,
          action: paid ? 'payout.paid' : 'payout.reject',
          targetType: 'user',
          targetId: payout.userId,
          details: {
            payoutId: id,
            amountCents: payout.amountCents,
            reason,
            ...(paid ? { reference } : {}),
            ...(duplicate ? { duplicateReferenceConfirmed: true } : {}),
            ...(atStake ? { chargebackHeldCents: atStake } : {}),
          },
        },
        now,
      );
    },
    // The payout's member, read first, has their account locked before the admin's row (decision 214).
    { rereadLater: true },
  );
}
