import { dropUnpostedEvidence } from './dispute-evidence-files';
import type { DeliveryTime } from '@accountry/shared/listings';
import { ORDER_MESSAGES as M, orderChatMessage } from '@accountry/shared/order-messages';
import {
  AUTO_CONFIRM_REMINDER_MS,
  CREDENTIALS_RETENTION_MS,
  DUE_RULES,
  ORDER_TRANSITIONS,
  canTransition,
  dueAtFor,
  listingStatusAfter,
  platformFeeCents,
  type OrderAction,
  type OrderActor,
} from '@accountry/shared/order-state';

import { adminTransaction } from '../../db/acting-admin';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { ESCROW, PLATFORM_FEE, availableAccount, postLedgerOr409, type Move } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { ensureConversation, findOrder, insertHistory, updateOrderIf } from './orders.repository';
import { moveHeldListing } from './order-listings.repository';
import { closeOffers, returnOfferOfUnpaidOrder } from './offer-purchase.service';
import { afterTransition, closesPayment, refundKey, refundedBy } from './order-effects';
import { queueMoveMails } from './order-mails';

export interface Actor {
  kind: OrderActor;
  id: string | null;
}

/** An order after a move, and the system message the move posted in its conversation (published after commit). */
export interface Moved {
  order: OrdersTable;
  notice: PostedSystemMessage;
  /** Other chats' notices the move caused (offers a sale closed), published with it. */
  others?: PostedSystemMessage[];
  /** Evidence files of a dispute that ended, never posted, to remove once committed. */
  droppedEvidence?: string[];
}

/** A move made after another in its transaction (a lost chargeback after the payment), to follow up once committed. */
export interface FollowUp {
  before: OrdersTable;
  moved: Moved;
  action: OrderAction;
}

export interface MoveOptions {
  reason?: string;
  /** Extra columns to write with the move (delivery, dispute, decision fields), possibly from the order read. */
  patch?: Partial<OrdersTable> | ((order: OrdersTable) => Partial<OrdersTable>);
  /** For a partial refund: what goes back to the buyer. */
  refundCents?: number;
  /** For a lost chargeback: what the card's bank took back (the whole price unless given; decision 183). */
  chargebackCents?: number;
  /** Timers claim with the due time they read, so two processes never apply one twice. */
  claimDueAt?: number | null;
}

/** When an order entering `to` is next due, and what happens then. */
function nextDue(ctx: OrdersContext, to: OrdersTable['status'], order: OrdersTable, now: number) {
  const rule = DUE_RULES[to];
  if (!rule) return { dueAt: null, dueAction: null };
  const dueAt =
    to === 'protection'
      ? now + ctx.protectionMs(order.protectionDays)
      : dueAtFor(to, now, { deliveryTime: order.deliveryTime as DeliveryTime, protectionDays: order.protectionDays });
  return { dueAt, dueAction: rule.action };
}

/**
 * What a move gives back to the buyer, and of it what the card's bank took (a lost chargeback, at most the price). A
 * chargeback on an order never delivered gives the buyer the rest too; on one delivered, the rest is the seller's.
 */
function refundsOf(order: OrdersTable, action: OrderAction, opts: MoveOptions) {
  const price = order.priceCents;
  if (action === 'refund') return { refundCents: price, bankCents: 0 };
  if (action === 'partial_refund') return { refundCents: opts.refundCents ?? 0, bankCents: 0 };
  if (action !== 'chargeback_lost') return { refundCents: 0, bankCents: 0 };
  const bankCents = Math.min(opts.chargebackCents ?? price, price);
  return { refundCents: order.status === 'paid' ? price : bankCents, bankCents };
}

/** The ledger moves of a transition (empty when no money moves). */
function movesFor(ctx: OrdersContext, action: OrderAction, order: OrdersTable, refundCents = 0, bankCents = 0) {
  const price = order.priceCents;
  const payout = (amount: number): Move[] => {
    const fee = platformFeeCents(amount, ctx.feePercent);
    return [
      { from: ESCROW, to: availableAccount(order.sellerId), amountCents: amount - fee },
      { from: ESCROW, to: PLATFORM_FEE, amountCents: fee },
    ].filter((m) => m.amountCents > 0);
  };
  switch (action) {
    case 'pay':
      return {
        kind: 'order_payment' as const,
        moves: [{ from: ctx.providerOf(order).sourceAccount(order), to: ESCROW, amountCents: price }],
      };
    case 'cancel':
    case 'auto_cancel':
    case 'seller_closed':
      if (order.status !== 'paid') return null;
      return {
        kind: 'order_refund' as const,
        moves: [{ from: ESCROW, to: ctx.providerOf(order).refundAccount(order), amountCents: price }],
      };
    case 'refund':
      return {
        kind: 'order_refund' as const,
        moves: [{ from: ESCROW, to: ctx.providerOf(order).refundAccount(order), amountCents: price }],
      };
    case 'chargeback_lost':
      // The bank's part went back to the card with the chargeback; the rest as `refundsOf` says.
      return {
        kind: 'order_refund' as const,
        moves: [
          { from: ESCROW, to: ctx.providerOf(order).refundAccount(order), amountCents: bankCents },
          // Stripe refunds nothing of a charged-back payment: the buyer's rest goes to their balance.
          { from: ESCROW, to: availableAccount(order.buyerId), amountCents: refundCents - bankCents },
          ...payout(price - refundCents),
        ].filter((m) => m.amountCents > 0),
      };
    case 'partial_refund':
      return {
        kind: 'order_refund' as const,
        moves: [
          { from: ESCROW, to: ctx.providerOf(order).refundAccount(order), amountCents: refundCents },
          ...payout(price - refundCents),
        ],
      };
    case 'complete':
      return { kind: 'order_release' as const, moves: payout(price) };
    default:
      return null;
  }
}

/**
 * Apply one transition inside the caller's transaction: the order row moves only if it is still in the state read
 * (409 otherwise), with its history row, the listing's status and the ledger transaction, all or nothing.
 */
export async function applyTransition(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  action: OrderAction,
  actor: Actor,
  opts: MoveOptions,
  now: number,
): Promise<Moved> {
  if (order.chargebackHoldSince !== null) throw conflict(M.chargebackHold);
  if (!canTransition(action, order.status, actor.kind)) throw conflict(M.stateChanged);
  const to = ORDER_TRANSITIONS[action].to;
  const { refundCents, bankCents } = refundsOf(order, action, opts);
  // The seller is paid (less the fee) on completion and on the rest of a partial refund or chargeback.
  const paysSeller =
    action === 'complete' ||
    action === 'partial_refund' ||
    (action === 'chargeback_lost' && refundCents < order.priceCents);
  const fee = paysSeller ? platformFeeCents(order.priceCents - refundCents, ctx.feePercent) : null;
  const closing = to === 'completed' || to === 'refunded';
  const due =
    action === 'release'
      ? {
          dueAt: now + (order.pausedRemainingMs ?? ctx.protectionMs(order.protectionDays)),
          dueAction: 'complete' as const,
        }
      : nextDue(ctx, to, order, now);
  const patch: Partial<OrdersTable> = {
    status: to,
    updatedAt: now,
    ...due,
    // "Confirmed in 12 hours" goes out once, before the inspection window ends.
    reminderAt: to === 'delivered' && due.dueAt !== null ? due.dueAt - AUTO_CONFIRM_REMINDER_MS : null,
    ...(fee !== null ? { feeCents: fee } : {}),
    ...(refundCents ? { refundedCents: refundCents } : {}),
    ...(closing ? { completedAt: now, credentialsEraseAt: now + CREDENTIALS_RETENTION_MS } : {}),
    // Protection starts once, whether the buyer confirms, the clock does, or a release follows an inspection dispute.
    ...(to === 'protection' && order.protectionStartedAt === null ? { protectionStartedAt: now } : {}),
    ...(typeof opts.patch === 'function' ? opts.patch(order) : opts.patch),
    // Orders from before conversations were kept (demo data) get theirs on their next move.
    ...(order.conversationId
      ? {}
      : { conversationId: await ensureConversation(trx, order.listingId, order.buyerId, order.sellerId, now) }),
  };
  // What follows decides on the row written (its page, say), not on `order`: only its status is sure to be as read.
  const after = await updateOrderIf(trx, order.id, order.status, patch, opts.claimDueAt);
  if (!after) throw conflict(M.stateChanged);
  await insertHistory(trx, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actorKind: actor.kind,
    actorId: actor.id,
    reason: opts.reason ?? '',
    createdAt: now,
  });
  const listingTo = listingStatusAfter(order.status, to);
  if (listingTo) await moveHeldListing(trx, order.listingId, listingTo, now);
  if (order.status === 'pending_payment' && to !== 'paid') await returnOfferOfUnpaidOrder(trx, order.id, now);
  // Sold: the offers on it are over.
  const soldTo = order.buyerId;
  const others =
    listingTo === 'sold'
      ? await closeOffers(trx, ctx.deps.config.publicUrl, { listingId: order.listingId, soldTo }, now)
      : [];
  const money = movesFor(ctx, action, order, refundCents, bankCents);
  if (money && money.moves.length > 0)
    await postLedgerOr409(trx, { ...money, orderId: order.id, actorId: actor.id }, now, M.insufficientBalance);
  const refunded = refundedBy(order, action, refundCents);
  if (refunded > 0) await ctx.providerOf(order).oweRefund(trx, after, refunded, refundKey(after, refunded));
  if (closesPayment(order, after, action)) await ctx.providerOf(order).owePaymentClose(trx, after);
  const bank = action === 'chargeback_lost' ? { cents: bankCents, priceCents: order.priceCents } : undefined;
  const line = orderChatMessage(action, order.status, refundCents, bank);
  await queueMoveMails(ctx, trx, after, action, line, now);
  const notice = await postSystemMessage(trx, { conversationId: after.conversationId!, body: line, now });
  const droppedEvidence = order.status === 'disputed' ? await dropUnpostedEvidence(trx, order.id) : [];
  return { order: after, notice, others, droppedEvidence };
}

/**
 * Load, check and move an order in one transaction, then run what follows a move (mails, chat notices, card
 * refunds) once it is committed. `check` throws the caller's own refusals (who may act, windows, amounts).
 */
export async function moveOrder(
  ctx: OrdersContext,
  orderId: string,
  action: OrderAction,
  actor: Actor,
  opts: MoveOptions & {
    check?: (order: OrdersTable, trx: Database) => void | Promise<void>;
    /** More in the move's transaction (a chargeback on a payment): the order as it leaves, a notice or a move. */
    then?: (
      moved: OrdersTable,
      trx: Database,
      now: number,
    ) => Promise<{ order: OrdersTable; notice?: PostedSystemMessage; move?: FollowUp }>;
  } = {},
): Promise<OrdersTable> {
  const now = ctx.deps.clock.now();
  const move = async (trx: Database) => {
    const order = await findOrder(trx, orderId);
    if (!order) throw notFound(M.notFound);
    await opts.check?.(order, trx);
    const moved = await applyTransition(ctx, trx, order, action, actor, opts, now);
    return { before: order, moved, then: await opts.then?.(moved.order, trx, now) };
  };
  const db = ctx.deps.db.db;
  // An admin's move (a dispute decided) is refused if their role was taken away since the request's guard.
  const { before, moved, then } =
    actor.kind === 'admin' && actor.id
      ? await adminTransaction(db, actor.id, move)
      : await db.transaction().execute(move);
  await afterTransition(ctx, before, moved, action, !then?.move);
  if (then?.move) await afterTransition(ctx, then.move.before, then.move.moved, then.move.action);
  if (then?.notice) await publishSystemMessages(ctx.deps, [then.notice]);
  return then?.order ?? moved.order;
}
