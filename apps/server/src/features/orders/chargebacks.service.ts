import { mailLinks } from '../../email/unsubscribe-links';
import {
  CHARGEBACK_MAIL_SUBJECTS,
  ORDER_CHAT_MESSAGES,
  ORDER_MESSAGES as M,
  chargebackOpenedReason,
} from '@accountry/shared/order-messages';
import type { OrderHistoryEvent } from '@accountry/shared/orders';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import type { OrdersContext } from './orders-context';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { withdrawReviewOfOrder } from '../sellers/reviews.service';
import type { ReportedChargeback } from './payment-provider';
import { ensureConversation, findOrder, insertHistory } from './orders.repository';
import { hasOpenChargeback, insertChargeback, lostChargebackCents, setChargebackHold } from './chargebacks.repository';
import { closeDispute, disputedCents } from './dispute-rows';
import { bookDisputeFee } from './chargeback-fees';
import { bookChargebackFunds } from './chargeback-funds';
import { HELD_STATES, lockChargebackAccounts } from './chargeback-accounts';
import { applyTransition, type FollowUp } from './order-transitions';
import { afterTransition } from './order-effects';
import { publishOrderUpdated } from './order-events';
import { queueChargebackMail } from './order-mails';
import { queueChargebackAdminMail } from './admin-task-mails';

export type ChargebackOutcome = 'opened' | 'won' | 'lost' | 'duplicate';

/** What a chargeback changed, to run once committed: a chat notice to publish, or the refund move's effects. */
interface Applied {
  notice?: PostedSystemMessage;
  move?: FollowUp;
}

const PROVIDER = { kind: 'provider' as const, id: null };

/**
 * The card's bank disputes an order's payment, or decided (decision 183). Opened: recorded, and an order whose money
 * escrow still holds is put on hold (no move, no timer) with both parties told. Lost: what the bank took went back to
 * the card, so a held order is refunded from escrow by that much without a refund of our own. Won: the hold lifts and
 * the order goes on. The provider's dispute fee is booked as the platform's cost, and what the bank took of an order
 * settled before it as owed to the platform. Each report is applied once, whatever how often the provider repeats it.
 */
export async function recordChargeback(ctx: OrdersContext, report: ReportedChargeback): Promise<ChargebackOutcome> {
  const now = ctx.deps.clock.now();
  const done = await ctx.deps.db.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, report.orderId);
    if (!order || order.providerRef !== report.providerRef) throw badRequest(M.unknownPayment);
    // Every report takes the order's row first, as read: a payment, a move or another report of the dispute waits for
    // it, or it waits for them and answers 409 (the provider retries), so no decision lands beside a hold unseen.
    if (!(await setChargebackHold(trx, order, order.chargebackHoldSince, now))) throw conflict(M.stateChanged);
    const amountCents = disputedCents(ctx, order, report, order.priceCents);
    const { id, reason } = report;
    const row = {
      id,
      orderId: order.id,
      amountCents,
      reason,
      orderStatusAtOpen: order.status,
      openedAt: now,
      checkedAt: null,
      feeCents: 0,
      feeReturnedCents: 0,
      withdrawnCents: 0,
      reinstatedCents: 0,
      recoveredCents: 0,
    };
    const { status } = report;
    const written =
      status === 'open'
        ? await insertChargeback(trx, { ...row, status, closedAt: null })
        : await closeDispute(ctx, trx, 'chargebacks', { id, status, now }, () =>
            insertChargeback(trx, { ...row, status, closedAt: now }),
          );
    if (!written) return null;
    // Order, chargeback, then every ledger account the report may post to at once, in the ledger's order.
    await lockChargebackAccounts(ctx, trx, order, report);
    let applied: Applied & { outcome: ChargebackOutcome };
    if (status === 'open') {
      await queueChargebackAdminMail(trx, mailLinks(ctx.deps), order, row, now);
      applied = { outcome: 'opened', ...(await hold(ctx, trx, order, { ...report, amountCents }, now)) };
    } else applied = { outcome: status, ...(await release(ctx, trx, order, status, now)) };
    await bookDisputeFee(ctx, trx, order, report, now);
    await bookChargebackFunds(ctx, trx, order, report, now);
    return { ...applied, order };
  });
  if (!done) return 'duplicate';
  if (done.move) await afterTransition(ctx, done.move.before, done.move.moved, done.move.action);
  else {
    if (done.notice) await publishSystemMessages(ctx.deps, [done.notice]);
    // A hold, its lifting or a history entry: the order's open pages follow it as they follow a move.
    await publishOrderUpdated(ctx.deps, done.order);
  }
  return done.outcome;
}

/** Put the order on hold, conditioned on the state read (409 to the provider, who retries, if it moved meanwhile). */
async function hold(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: ReportedChargeback,
  now: number,
): Promise<Applied> {
  // Another dispute of the payment may hold it already: the hold keeps its start, and the parties know.
  const holds = HELD_STATES.includes(order.status) && order.chargebackHoldSince === null;
  // The report took the order's row as read (before the history numbers its entry): nothing moved it since.
  const held = holds ? await holdNow(trx, order, now) : order;
  await historyEvent(trx, order, 'chargeback_opened', chargebackOpenedReason(report.amountCents, report.reason), now);
  if (!holds) return {};
  return { notice: await tellHeld(ctx, trx, held, now) };
}

/** The order on hold from now, conditioned on the state read (409 to the provider, who retries). */
async function holdNow(trx: Database, order: OrdersTable, now: number): Promise<OrdersTable> {
  if (!(await setChargebackHold(trx, order, now, now))) throw conflict(M.stateChanged);
  return { ...order, chargebackHoldSince: now };
}

/** Both parties hear the order is on hold: a mail each, and a notice in its chat to publish once committed. */
async function tellHeld(ctx: OrdersContext, trx: Database, held: OrdersTable, now: number) {
  await queueChargebackMail(ctx, trx, held, CHARGEBACK_MAIL_SUBJECTS.opened, ORDER_CHAT_MESSAGES.chargebackOpened, now);
  return notify(trx, held, ORDER_CHAT_MESSAGES.chargebackOpened, now);
}

/**
 * Lift the hold; a lost chargeback then refunds the held order (the bank already gave the buyer the money back), and
 * withdraws the buyer's review of a completed one: the deal is reversed, as a refunded one is never reviewed. While
 * another dispute of the payment is open, the hold stays and nothing moves: the bank's decisions are applied together
 * with the last one, the order refunded by all it took (a held order has had no loss applied: one moves it out).
 */
async function release(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  status: 'won' | 'lost',
  now: number,
): Promise<Applied> {
  if (await hasOpenChargeback(trx, order.id)) return {};
  if (order.chargebackHoldSince !== null && !(await setChargebackHold(trx, order, null, now)))
    throw conflict(M.stateChanged);
  const free = (await findOrder(trx, order.id)) ?? order;
  const held = HELD_STATES.includes(order.status);
  const lostCents = held ? Math.min(await lostChargebackCents(trx, order.id), order.priceCents) : 0;
  if (
    (status === 'lost' || lostCents > 0) &&
    (await withdrawReviewOfOrder(trx, ctx.deps.config.publicUrl, order.id, now))
  )
    ctx.deps.log.info({ orderId: order.id }, 'review withdrawn: the bank decided the chargeback for the buyer');
  if (lostCents > 0) return { move: await lose(ctx, trx, free, lostCents, now) };
  if (status === 'lost' || order.chargebackHoldSince === null) return {};
  await historyEvent(trx, order, 'chargeback_won', '', now);
  await queueChargebackMail(ctx, trx, free, CHARGEBACK_MAIL_SUBJECTS.won, ORDER_CHAT_MESSAGES.chargebackWon, now);
  return { notice: await notify(trx, order, ORDER_CHAT_MESSAGES.chargebackWon, now) };
}

/** The bank took `amountCents` back: escrow refunds the unheld order by it (and the rest as its state says). */
async function lose(ctx: OrdersContext, trx: Database, order: OrdersTable, amountCents: number, now: number) {
  const bank = { chargebackCents: amountCents };
  const moved = await applyTransition(ctx, trx, order, 'chargeback_lost', PROVIDER, bank, now);
  return { before: order, moved, action: 'chargeback_lost' as const };
}

/**
 * A chargeback that came before its payment's webhook (the order still awaiting payment here), applied in the
 * payment's own transaction: open, the payment lands held, so the seller cannot deliver while the bank reviews;
 * already lost, the bank has the money back and the order is refunded at once; won, nothing changes.
 */
export async function chargebackOnPayment(
  ctx: OrdersContext,
  trx: Database,
  paid: OrdersTable,
  now: number,
): Promise<{ order: OrdersTable; notice?: PostedSystemMessage; move?: FollowUp }> {
  // Any dispute still open holds it, its decisions applied together with the last one (`release`); else what every
  // lost one took is refunded at once.
  if (!(await hasOpenChargeback(trx, paid.id))) {
    const lostCents = Math.min(await lostChargebackCents(trx, paid.id), paid.priceCents);
    if (lostCents === 0) return { order: paid };
    const move = await lose(ctx, trx, paid, lostCents, now);
    return { order: move.moved.order, move };
  }
  const held = await holdNow(trx, paid, now);
  return { order: held, notice: await tellHeld(ctx, trx, held, now) };
}

/** A history entry that moves no state, by the provider. */
function historyEvent(trx: Database, order: OrdersTable, event: OrderHistoryEvent, reason: string, now: number) {
  const state = order.status;
  return insertHistory(trx, {
    orderId: order.id,
    fromStatus: state,
    toStatus: state,
    actorKind: 'provider',
    actorId: null,
    reason,
    event,
    createdAt: now,
  });
}

async function notify(trx: Database, order: OrdersTable, body: string, now: number): Promise<PostedSystemMessage> {
  const conversationId =
    order.conversationId ?? (await ensureConversation(trx, order.listingId, order.buyerId, order.sellerId, now));
  return postSystemMessage(trx, { conversationId, body, now });
}
