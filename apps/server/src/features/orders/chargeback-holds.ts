import { chargebackOwedBy } from '@accountry/shared/chargeback-recovery';
import { payoutAtStakeWarning, payoutHeldMessage, purchaseHeldMessage } from '@accountry/shared/chargeback-holds';
import { PAYOUT_CHARGEBACK_AT_STAKE, type ChargebackHold } from '@accountry/shared/wallet';
import type { Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import { titleShownTo } from '../../db/listing-titles';
import { AppError, conflict } from '../../lib/app-error';
import { availableAccount, balancesOf } from '../../lib/ledger';
import { chargebacksAtStakeFor } from './chargebacks.repository';
import { settledBeforeChargeback } from './chargeback-funds';

/**
 * What chargebacks on orders settled before them keep from each member's payouts (decision 204): of each a member would
 * owe (`chargebackOwedBy`), what the bank disputes while it is open, and what is left to recover once it is lost. An
 * order escrow held is left out: its refund pays the bank from escrow, nothing is owed by anyone.
 */
async function chargebackHoldsOf(db: Database, userIds: readonly string[]) {
  const holds = new Map<string, ChargebackHold[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return holds;
  for (const c of await chargebacksAtStakeFor(db, userIds)) {
    if (!settledBeforeChargeback(c, c.orderStatusAtOpen)) continue;
    const order = { status: c.orderStatus, priceCents: c.priceCents, refundedCents: c.refundedCents };
    const owing = chargebackOwedBy(order) === 'seller' ? c.sellerId : c.buyerId;
    holds.get(owing)?.push({
      orderId: c.orderId,
      // As the owing member's order page names it (decision 043).
      listingTitle: titleShownTo(c, owing),
      status: c.status === 'open' ? 'open' : 'lost',
      heldCents: c.status === 'open' ? c.amountCents : c.withdrawnCents - c.reinstatedCents - c.recoveredCents,
    });
  }
  return holds;
}

export interface PayoutAllowance {
  holds: ChargebackHold[];
  /** What the holds keep back, the available balance, and what a payout may take: the rest, if any. */
  heldCents: number;
  availableCents: number;
  payableCents: number;
}

/** Each member's available balance and what chargebacks keep from it, in two statements whatever their number. */
export async function payoutAllowances(db: Database, userIds: readonly string[]) {
  const [holds, balances] = await Promise.all([
    chargebackHoldsOf(db, userIds),
    balancesOf(db, userIds.map(availableAccount)),
  ]);
  return new Map(
    userIds.map((id): [string, PayoutAllowance] => {
      const own = holds.get(id) ?? [];
      const heldCents = own.reduce((sum, h) => sum + h.heldCents, 0);
      const availableCents = balances.get(availableAccount(id)) ?? 0;
      return [id, { holds: own, heldCents, availableCents, payableCents: Math.max(0, availableCents - heldCents) }];
    }),
  );
}

export async function payoutAllowance(db: Database, userId: string): Promise<PayoutAllowance> {
  return (await payoutAllowances(db, [userId])).get(userId)!;
}

/**
 * A payout request may take only what chargebacks leave of the available balance (decision 204): a 409 naming what is
 * held and why. Read under the account's lock, which an admin's recovery takes too, so neither reads the other halfway.
 */
export async function refuseHeldForChargebacks(
  trx: Database,
  userId: string,
  amountCents: number,
  minimumCents: number,
) {
  await refusePastHolds(trx, userId, amountCents, (payable, holds) => payoutHeldMessage(payable, minimumCents, holds));
}

/** A 409 in the caller's words when `amountCents` is more than chargebacks leave of the member's available balance. */
async function refusePastHolds(
  trx: Database,
  userId: string,
  amountCents: number,
  words: (payableCents: number, holds: ChargebackHold[]) => string,
) {
  const { holds, payableCents } = await payoutAllowance(trx, userId);
  if (holds.length === 0 || amountCents <= payableCents) return;
  throw conflict(words(payableCents, holds));
}

/**
 * Paying an order from the balance spends what a payout would take (the seller paid may withdraw it), so it too may take
 * only what chargebacks leave: a 409 naming what is held. Takes the account's lock first, as a payout request does.
 */
export async function refuseSpendingHeld(trx: Database, userId: string, amountCents: number) {
  await lockKeys(trx, [accountLock(userId)]);
  await refusePastHolds(trx, userId, amountCents, purchaseHeldMessage);
}

/**
 * Before an admin marks paid an open payout (asked for before a chargeback opened) whose member has less available
 * than chargebacks hold: a 409 warning unless confirmed, as marking paid records money already sent. What was held when
 * confirmed past (0 when nothing was short), for the audit log. Under the member's account lock.
 */
export async function checkChargebacksCovered(
  trx: Database,
  payout: { userId: string; amountCents: number },
  confirmed: boolean,
) {
  await lockKeys(trx, [accountLock(payout.userId)]);
  const { holds, heldCents, availableCents } = await payoutAllowance(trx, payout.userId);
  if (heldCents <= availableCents) return 0;
  if (confirmed) return heldCents;
  const member = await trx
    .selectFrom('users')
    .select('displayName')
    .where('id', '=', payout.userId)
    .executeTakeFirstOrThrow();
  const message = payoutAtStakeWarning(member.displayName, holds, availableCents, payout.amountCents);
  throw new AppError(409, PAYOUT_CHARGEBACK_AT_STAKE, message);
}
