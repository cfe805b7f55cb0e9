import { sql } from 'kysely';
import { WALLET_MESSAGES as W } from '@accountry/shared/wallet-messages';
import { OPEN_STATES } from '@accountry/shared/order-state';
import type { Payout, PayoutStatus, Wallet } from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { adminTransaction } from '../../db/acting-admin';
import { assertNotParty } from '../../lib/admin-not-party';
import type { AuthUser } from '../../plugins/auth';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { decodeCursor, encodeCursor, type Keyset } from '../../lib/keyset-cursor';
import { EXTERNAL, availableAccount, balanceOf, heldAccount, postLedgerOr409 } from '../../lib/ledger';
import { queueBalanceCreditMail } from './wallet-mails';
import { claimCreditRequest } from './balance-credit-requests.repository';
import { payoutAllowance, payoutAllowances } from './chargeback-holds';

const PAGE = 25;

type PayoutFilter = { userId?: string; id?: string; status?: PayoutStatus; after?: Keyset };

/** Payouts newest first, of one member or in one status, after a keyset position: a page and one more. */
export function payoutPageQuery(db: Database, f: PayoutFilter) {
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
      'p.sendingSince',
    ]);
  if (f.userId) q = q.where('p.userId', '=', f.userId);
  if (f.id) q = q.where('p.id', '=', f.id);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.after) {
    const [at, id] = f.after;
    q = q.where((eb) => eb.or([eb('p.createdAt', '<', at), eb.and([eb('p.createdAt', '=', at), eb('p.id', '<', id)])]));
  }
  return q
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PAGE + 1);
}

const payoutRows = (db: Database, f: PayoutFilter) => payoutPageQuery(db, f).execute();

type PayoutRow = Awaited<ReturnType<typeof payoutRows>>[number];

/** What the member sees of their payout: where it went by its summary; the sealed details stay on the server. */
const memberPayout = ({ sealedDestination: _sealed, sendingSince, ...p }: PayoutRow): Payout => ({
  ...p,
  sending: p.status === 'open' && sendingSince !== null,
});

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

/** The member's balances; their payouts are listed a page at a time by `ownPayoutsPage`, the one list of them. */
export async function walletOf(deps: AppDeps, userId: string): Promise<Wallet> {
  const db = deps.db.db;
  const [allowance, heldCents, inEscrowAsBuyerCents, inEscrowAsSellerCents] = await Promise.all([
    payoutAllowance(db, userId),
    balanceOf(db, heldAccount(userId)),
    escrowSum(db, 'buyerId', userId),
    escrowSum(db, 'sellerId', userId),
  ]);
  return {
    availableCents: allowance.availableCents,
    heldCents,
    chargebackHolds: allowance.holds,
    chargebackHeldCents: allowance.heldCents,
    payableCents: allowance.payableCents,
    inEscrowAsBuyerCents,
    inEscrowAsSellerCents,
    platformFeePercent: deps.config.orders.platformFeePercent,
    payoutMinimumCents: deps.config.orders.payoutMinimumCents,
    paysFromBalance: deps.config.orders.paymentProvider === 'balance',
  };
}

/**
 * An admin records a bank transfer (positive) or a correction (negative) on a user's available balance, once per
 * request id (decision 238).
 */
export async function creditBalance(
  deps: AppDeps,
  admin: AuthUser,
  userId: string,
  { amountCents, reason, requestId }: { amountCents: number; reason: string; requestId: string },
) {
  const now = deps.clock.now();
  assertNotParty(admin.id, [userId], W.ownBalanceCredit);
  const user = await deps.db.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(W.userNotFound);
  // Under the account's lock, which an admin's deletion takes before it checks the wallet is empty (decision 184), by
  // an admin who still is one.
  await adminTransaction(
    deps.db.db,
    admin.id,
    async (trx) => {
      // The same request again (a retry after a lost answer) is answered with the balance as it is, posting nothing.
      const claimed = await claimCreditRequest(trx, requestId, { userId, amountCents, reason }, now);
      if (claimed === 'reused') throw conflict(W.creditRequestReused);
      if (claimed === 'replay') return;
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
      await queueBalanceCreditMail(trx, deps.config.publicUrl, userId, amountCents, reason, now);
    },
    { memberIds: [userId] },
  );
  return walletOf(deps, userId);
}

/** A page of payout rows (one more read than shown) and the cursor to the next, if any. */
function pageOf(rows: PayoutRow[], item: (row: PayoutRow) => Payout) {
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map(item),
    nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** Admin: payouts by status; an open one's whole details are asked for one at a time (payout-destination.service). */
export async function payoutsPage(deps: AppDeps, status: PayoutStatus, cursor: string | undefined) {
  const rows = await payoutRows(deps.db.db, { status, after: decodeCursor(cursor) });
  // An open payout's member whose balance no longer covers what chargebacks hold: said before the money is sent.
  const members = status === 'open' ? [...new Set(rows.map((r) => r.userId))] : [];
  const allowances = await payoutAllowances(deps.db.db, members);
  return pageOf(rows, (row) => {
    const p = memberPayout(row);
    const a = allowances.get(p.userId);
    const short = a && a.heldCents > a.availableCents;
    return {
      ...p,
      detailsKept: p.status === 'open' && row.sealedDestination !== null,
      ...(short ? { chargebackAtStake: { heldCents: a.heldCents, availableCents: a.availableCents } } : {}),
    };
  });
}

/** One of the member's own payouts as the list shows it: the reply to its request and to its cancellation. */
export async function ownPayout(deps: AppDeps, userId: string, id: string) {
  const [row] = await payoutRows(deps.db.db, { userId, id });
  if (!row) throw notFound(W.payoutNotFound);
  return memberPayout(row);
}

/** The member's own payouts, newest first, a page at a time on `payouts_user_idx`. */
export async function ownPayoutsPage(deps: AppDeps, userId: string, cursor: string | undefined) {
  const rows = await payoutRows(deps.db.db, { userId, after: decodeCursor(cursor) });
  return pageOf(rows, memberPayout);
}
