import { sql } from 'kysely';
import { WALLET_MESSAGES as W } from '@accountry/shared/order-messages';
import { OPEN_STATES } from '@accountry/shared/order-state';
import type { Payout, PayoutStatus, Wallet } from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import { queueMailToUser } from '../../email/mail-to-user';
import { queuePayoutAdminMail } from './admin-task-mails';
import { payoutDecidedMail, type PayoutDecision } from './payout-mails';
import { payoutDestination } from './payout-methods.service';
import { mayTrade } from './order-listings.repository';
import { assertNotParty } from './admin-not-party';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { EXTERNAL, availableAccount, balanceOf, heldAccount, postLedger, postLedgerOr409 } from '../../lib/ledger';

const PAGE = 25;

async function payoutRows(db: Database, f: { userId?: string; status?: PayoutStatus; after?: [number, string] }) {
  let q = db
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select([
      'p.id',
      'p.userId',
      'u.displayName as userName',
      'p.amountCents',
      'p.status',
      'p.reason',
      'p.createdAt',
      'p.decidedAt',
      'p.destinationSummary as destination',
      'p.reference',
      'p.destination as sealedDestination',
    ]);
  if (f.userId) q = q.where('p.userId', '=', f.userId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.after) {
    const [at, id] = f.after;
    q = q.where((eb) => eb.or([eb('p.createdAt', '<', at), eb.and([eb('p.createdAt', '=', at), eb('p.id', '<', id)])]));
  }
  return q
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PAGE + 1)
    .execute();
}

async function escrowSum(db: Database, column: 'buyerId' | 'sellerId', userId: string) {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(price_cents - refunded_cents), 0)`.as('total'))
    .where(column, '=', userId)
    .where(
      'status',
      'in',
      OPEN_STATES.filter((s) => s !== 'pending_payment'),
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function walletOf(deps: AppDeps, userId: string): Promise<Wallet> {
  const db = deps.db.db;
  const [availableCents, heldCents, inEscrowAsBuyerCents, inEscrowAsSellerCents, payouts] = await Promise.all([
    balanceOf(db, availableAccount(userId)),
    balanceOf(db, heldAccount(userId)),
    escrowSum(db, 'buyerId', userId),
    escrowSum(db, 'sellerId', userId),
    payoutRows(db, { userId }),
  ]);
  return {
    availableCents,
    heldCents,
    inEscrowAsBuyerCents,
    inEscrowAsSellerCents,
    platformFeePercent: deps.config.orders.platformFeePercent,
    payoutMinimumCents: deps.config.orders.payoutMinimumCents,
    // The member sees where each went by its summary; the sealed details stay on the server.
    payouts: payouts.slice(0, PAGE).map(({ sealedDestination: _sealed, ...p }) => p) as Payout[],
  };
}

/**
 * A seller asks for their available balance (or part of it); the amount is held while the request is open, and the
 * request keeps where it goes (decision 173).
 */
export async function requestPayout(deps: AppDeps, user: AuthUser, amountCents: number) {
  const min = deps.config.orders.payoutMinimumCents;
  if (amountCents < min) throw badRequest(W.payoutMinimum(min), { amountCents: W.payoutMinimum(min) });
  const now = deps.clock.now();
  const id = newId();
  await deps.db.db.transaction().execute(async (trx) => {
    // An address given back stops the account's payouts under this lock (decision 177): none may slip in beside it.
    await lockKeys(trx, [accountLock(user.id)]);
    // Closing an account (disabled or deleted) takes this lock too: a request already past its session check waits
    // for it, and then finds the account closed (decision 169).
    if (!(await mayTrade(trx, user.id))) throw forbidden(W.payoutAccountClosed);
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
    await queuePayoutAdminMail(trx, deps.config.publicUrl, { userId: user.id, amountCents }, now);
  });
  return walletOf(deps, user.id);
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
  const res = await trx
    .updateTable('payouts')
    // Decided, its whole details are needed no more: the summary says where it went (decision 174).
    .set({
      status: end.status,
      reason: end.reason,
      reference: end.reference ?? '',
      decidedAt: now,
      decidedBy: end.by,
      destination: null,
    })
    .where('id', '=', payout.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict(W.payoutNotOpen);
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

/** The member takes back a payout request an admin has not decided: the amount returns from held to available. */
export async function cancelPayout(deps: AppDeps, user: AuthUser, id: string): Promise<Wallet> {
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
  return walletOf(deps, user.id);
}

/** An admin marks a payout sent (the money leaves the platform) or rejects it (back to available); both audited. */
export async function decidePayout(deps: AppDeps, admin: AuthUser, id: string, decision: PayoutDecision) {
  const now = deps.clock.now();
  const { paid } = decision;
  const reason = decision.paid ? '' : decision.reason;
  const reference = decision.paid ? decision.reference : '';
  await deps.db.db.transaction().execute(async (trx) => {
    const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!payout) throw notFound(W.payoutNotFound);
    assertNotParty(admin.id, [payout.userId], W.ownPayoutDecision);
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
        details: { payoutId: id, amountCents: payout.amountCents, reason, ...(paid ? { reference } : {}) },
      },
      now,
    );
  });
}

/** An admin records a bank transfer (positive) or a correction (negative) on a user's available balance. */
export async function creditBalance(
  deps: AppDeps,
  admin: AuthUser,
  userId: string,
  amountCents: number,
  reason: string,
) {
  const now = deps.clock.now();
  assertNotParty(admin.id, [userId], W.ownBalanceCredit);
  const user = await deps.db.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(W.userNotFound);
  await deps.db.db.transaction().execute(async (trx) => {
    // Under the account's lock, which an admin's deletion takes before it checks the wallet is empty (decision 184).
    await lockKeys(trx, [accountLock(userId)]);
    const deleted = await trx
      .selectFrom('deletedUsers')
      .select('uid')
      .where('uid', '=', userId)
      .where('status', '=', 'unresolved')
      .executeTakeFirst();
    if (deleted && amountCents > 0) throw conflict(W.creditDeletedAccount);
    const move =
      amountCents > 0
        ? { from: EXTERNAL, to: availableAccount(userId), amountCents }
        : { from: availableAccount(userId), to: EXTERNAL, amountCents: -amountCents };
    await postLedgerOr409(
      trx,
      { kind: 'credit', actorId: admin.id, memo: reason, moves: [move] },
      now,
      W.creditNegative,
    );
    await recordAudit(
      trx,
      {
        actorId: admin.id,
        action: 'balance.credit',
        targetType: 'user',
        targetId: userId,
        details: { amountCents, reason },
      },
      now,
    );
  });
  return walletOf(deps, userId);
}

/** Admin: payouts by status; an open one's whole details are asked for one at a time (payout-destination.service). */
export async function payoutsPage(deps: AppDeps, status: PayoutStatus, cursor: string | undefined) {
  const rows = await payoutRows(deps.db.db, { status, after: decodeCursor(cursor) });
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sealedDestination, ...p }) => ({
      ...p,
      detailsKept: p.status === 'open' && sealedDestination !== null,
    })) as Payout[],
    nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
