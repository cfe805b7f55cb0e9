import type { AdminUserOpenOrders } from '@accountry/shared/admin-users';
import { ORDER_MESSAGES as M, accountClosedReason } from '@accountry/shared/order-messages';
import { ACCOUNT_CLOSED_ACTIONS, ORDER_TRANSITIONS } from '@accountry/shared/order-state';
import type { AppDeps } from '../../app';
import { engineOf, type Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import { openOrderTotals, ordersClosedWith } from './account-closure.repository';
import { afterTransitions, refundedBy } from './order-effects';
import { applyTransition, type FollowUp } from './order-transitions';
import { ordersContext } from './orders-context';
import { publishSystemMessages } from '../chat/system-messages.service';
import { closeOffers } from './offer-purchase.service';
import { assertNotParty, partiesOf } from '../../lib/admin-not-party';

/** What an admin did to the account; the canceled orders' history says which. */
export type ClosedHow = 'disabled' | 'deleted';

export interface ClosedOrders {
  canceled: number;
  refunded: number;
  /** Run after the commit: the chat notices go out live, card refunds are sent, open payment pages are closed. */
  settle(): Promise<void>;
}

/**
 * The first locks of an admin's disable or delete (PostgreSQL; SQLite runs one writer at a time): the account's lock,
 * then the rows of the orders it will cancel. Buy-now takes the account lock first and a payment its order row
 * first, so neither can wait in a cycle with the admin rows and the escrow balance the closing goes on to take.
 */
export async function lockClosingAccount(trx: Database, userId: string) {
  if (engineOf(trx) !== 'postgres') return;
  await lockKeys(trx, [accountLock(userId)]);
  await ordersClosedWith(trx, userId);
}

/**
 * Cancel, in the caller's transaction, the orders a closed account can no longer finish (decision 169): each by the
 * state machine's move for its side, so the listing, the ledger (a paid order is refunded in full), the provider's
 * refund or page, the history row, the chat notice and the other party's mail go as with any move.
 */
export async function cancelOrdersOfClosedAccount(
  deps: AppDeps,
  trx: Database,
  input: { userId: string; actorId: string; how: ClosedHow; now: number },
): Promise<ClosedOrders> {
  const ctx = ordersContext(deps);
  const actor = { kind: 'admin' as const, id: input.actorId };
  const done: FollowUp[] = [];
  const closing = await ordersClosedWith(trx, input.userId);
  // An admin does not refund themself or cancel their own sale by closing the other party (another admin has to).
  assertNotParty(input.actorId, closing.flatMap(partiesOf), M.ownOrderClosing);
  for (const order of closing) {
    const side = order.sellerId === input.userId ? 'seller' : 'buyer';
    const action = ACCOUNT_CLOSED_ACTIONS[side];
    const reason = accountClosedReason(side, input.how);
    done.push({
      before: order,
      action,
      moved: await applyTransition(ctx, trx, order, action, actor, { reason }, input.now),
    });
  }
  // Its open offers, made or received, are over too (decision 180).
  const offerNotices = await closeOffers(trx, deps.config.publicUrl, { userId: input.userId }, input.now);
  return {
    canceled: done.length,
    refunded: done.filter((d) => refundedBy(d.before, d.action, 0) > 0).length,
    settle: async () => {
      await afterTransitions(ctx, done);
      await publishSystemMessages(deps, offerNotices);
    },
  };
}

/** What closing the account would do to its open orders now (the admin's confirmation counts them). */
export async function openOrdersOf(db: Database, userId: string): Promise<AdminUserOpenOrders> {
  const [selling, buying] = await Promise.all([
    openOrderTotals(db, userId, 'sellerId'),
    openOrderTotals(db, userId, 'buyerId'),
  ]);
  const closing = [
    ...selling.filter((r) => !r.held && ORDER_TRANSITIONS.seller_closed.from.includes(r.status)),
    ...buying.filter((r) => !r.held && ORDER_TRANSITIONS.buyer_closed.from.includes(r.status)),
  ];
  // Of the canceled orders only paid ones hold a buyer's money in escrow.
  const paid = closing.filter((r) => r.status === 'paid');
  const sum = (rows: typeof closing, key: 'count' | 'cents') => rows.reduce((n, r) => n + r[key], 0);
  return {
    canceled: sum(closing, 'count'),
    refunded: sum(paid, 'count'),
    refundCents: sum(paid, 'cents'),
    continuing: sum([...selling, ...buying], 'count') - sum(closing, 'count'),
  };
}
