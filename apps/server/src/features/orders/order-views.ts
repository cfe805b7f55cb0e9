import { listingTitleFor } from '../../db/listing-titles';
import {
  availableActions,
  canOpenDispute,
  pastDue,
  sellerShareCents,
  type OrderAction,
} from '@accountry/shared/order-state';
import { chargebackOwedBy } from '@accountry/shared/chargeback-recovery';
import { reviewBlocker } from '@accountry/shared/reviews';
import { correctionRefusal } from '@accountry/shared/credentials-correction';
import type { OrderDetail } from '@accountry/shared/orders';
import type { AdminOrderListItem, OrderListItem, OrderStatusFilter } from '@accountry/shared/order-lists';
import type { DeliveryTime } from '@accountry/shared/listings';
import type { OrdersTable } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { OrdersContext } from './orders-context';
import { historyOf, revealsOf } from './orders.repository';
import { selectOrderRows, type OrderListFilter } from './order-rows.repository';
import { latestChargeback } from './chargebacks.repository';
import { settledBeforeChargeback } from './chargeback-funds';
import { refundsOfOrder } from './stripe-refunds.repository';
import { cardRefundView } from './card-refund-view';
import { refundedPaymentDisputesOfOrder } from './refunded-payment-disputes.repository';
import { refundedPaymentDisputeView } from './refunded-payment-dispute-view';

/** What the viewer may do now: the state machine's actions for their side, less windows that have closed. */
function actionsFor(order: OrdersTable, side: 'buyer' | 'seller' | 'admin', now: number): OrderAction[] {
  return availableActions(order.status, side).filter((a) => {
    if (a === 'dispute') return canOpenDispute(order.status, order.dueAt, now, order.decidedAt !== null);
    // Past the payment window or the delivery deadline, the sweep's next round ends the order.
    return (a !== 'pay' && a !== 'deliver') || !pastDue(order, now);
  });
}

/** What the sale pays its seller: settled once the fee is taken, expected while the money waits in escrow. */
function sellerReceives(ctx: OrdersContext, order: OrdersTable) {
  if (order.paidAt === null) return null;
  // Canceled or refunded in full before completion (no fee was taken): the sale paid nothing.
  if (order.feeCents === null && (order.status === 'canceled' || order.status === 'refunded')) return 0;
  return sellerShareCents(order, ctx.feePercent);
}

/**
 * The order's chargeback as its page shows it: the dispute fee is the platform's cost, for admins alone. What the bank
 * took of an order settled before it is owed to the platform and recovered by an admin (decision 183): admins see
 * how much of it is left.
 */
function chargebackView(
  c: NonNullable<Awaited<ReturnType<typeof latestChargeback>>>,
  order: OrdersTable,
  side: 'buyer' | 'seller' | 'admin',
) {
  const { feeCents, feeReturnedCents, orderStatusAtOpen, withdrawnCents, reinstatedCents, recoveredCents } = c;
  const shown = {
    status: c.status,
    amountCents: c.amountCents,
    reason: c.reason,
    openedAt: c.openedAt,
    closedAt: c.closedAt,
  };
  const admin = side === 'admin';
  const fee = admin ? { chargedCents: feeCents, returnedCents: feeReturnedCents } : null;
  const settledBefore = settledBeforeChargeback(order, orderStatusAtOpen);
  const takenCents = withdrawnCents - reinstatedCents;
  const recovery =
    admin && settledBefore
      ? { from: chargebackOwedBy(order), takenCents, recoveredCents, outstandingCents: takenCents - recoveredCents }
      : null;
  return { ...shown, held: order.chargebackHoldSince !== null, settledBefore, fee, recovery };
}

export async function orderDetail(
  ctx: OrdersContext,
  order: OrdersTable,
  side: 'buyer' | 'seller' | 'admin',
): Promise<OrderDetail> {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  const cardPaid = order.provider !== 'balance';
  const [info, history, reveals, review, chargeback, refunds, disputed] = await Promise.all([
    db
      .selectFrom('listings as l')
      .innerJoin('users as b', (j) => j.on('b.id', '=', order.buyerId))
      .innerJoin('users as s', (j) => j.on('s.id', '=', order.sellerId))
      // An admin sees it as its seller does, as it is; the buyer the title the listing last showed buyers.
      .select(listingTitleFor('l', side === 'buyer' ? order.buyerId : order.sellerId).as('title'))
      .select(['b.displayName as buyerName', 's.displayName as sellerName'])
      .select((eb) =>
        eb
          .selectFrom('listingImages as i')
          .select('i.thumbUrl')
          .whereRef('i.listingId', '=', 'l.id')
          .orderBy('i.position')
          .limit(1)
          .as('thumbUrl'),
      )
      .where('l.id', '=', order.listingId)
      .executeTakeFirstOrThrow(),
    historyOf(db, order.id),
    revealsOf(db, order.id),
    db.selectFrom('reviews').select('id').where('orderId', '=', order.id).executeTakeFirst(),
    cardPaid ? latestChargeback(db, order.id) : undefined,
    side === 'admin' && cardPaid ? refundsOfOrder(db, order.id) : undefined,
    side === 'admin' && cardPaid ? refundedPaymentDisputesOfOrder(db, order.id) : undefined,
  ]);
  const held = order.chargebackHoldSince !== null;
  return {
    id: order.id,
    listingId: order.listingId,
    listingTitle: info.title,
    // The buyer the picture the listing showed when they bought it (decision 218), the others the listing's as it is.
    thumbUrl: (side === 'buyer' ? order.listingThumbUrl : info.thumbUrl) ?? null,
    buyerId: order.buyerId,
    buyerName: info.buyerName,
    sellerId: order.sellerId,
    sellerName: info.sellerName,
    priceCents: order.priceCents,
    currency: order.currency,
    feeCents: order.feeCents,
    sellerReceivesCents: side === 'buyer' ? null : sellerReceives(ctx, order),
    refundedCents: order.refundedCents,
    status: order.status,
    provider: order.provider,
    paymentRef: side === 'admin' ? order.providerRef : null,
    deliveryTime: order.deliveryTime as DeliveryTime,
    protectionDays: order.protectionDays,
    conversationId: order.conversationId,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    protectionStartedAt: order.protectionStartedAt,
    completedAt: order.completedAt,
    dueAt: order.dueAt,
    dueAction: order.dueAction,
    dispute:
      order.disputeOpenedAt !== null
        ? {
            reason: order.disputeReason ?? '',
            openedAt: order.disputeOpenedAt,
            sellerAnswerDueAt: order.sellerAnswerDueAt ?? order.disputeOpenedAt,
            pausedRemainingMs: order.pausedRemainingMs ?? 0,
          }
        : null,
    decision:
      order.decisionOutcome && order.decidedAt !== null
        ? {
            outcome: order.decisionOutcome,
            reason: order.decisionReason ?? '',
            refundedCents: order.refundedCents,
            decidedAt: order.decidedAt,
          }
        : null,
    chargeback: chargeback ? chargebackView(chargeback, order, side) : null,
    cardRefunds: side === 'admin' ? (refunds ?? []).map(cardRefundView) : null,
    refundedPaymentDisputes:
      side === 'admin' ? (disputed ?? []).map((d) => refundedPaymentDisputeView(order.id, d)) : null,
    viewerRole: side,
    actions: held ? [] : actionsFor(order, side, now),
    history: history.map((h) => ({
      id: h.id,
      event: h.event ?? null,
      from: h.fromStatus,
      to: h.toStatus,
      actorKind: h.actorKind,
      actorId: h.actorId,
      actorName: h.displayName ?? null,
      reason: h.reason,
      at: h.createdAt,
    })),
    credentials: {
      delivered: order.deliveredAt !== null,
      erased: order.credentialsErasedAt !== null,
      reveals: reveals.latest.map((r) => ({ by: r.by, at: r.createdAt })),
      earlierReveals: reveals.earlier,
      corrections: order.credentialsCorrections,
      canCorrect: side === 'seller' && !held && correctionRefusal(order, now) === null,
    },
    // The listing page's review rule, on this order: a chargeback won by the buyer counts as a refund (decision 183).
    canReview:
      side === 'buyer' &&
      reviewBlocker({
        isSeller: false,
        order: { ...order, chargedBack: chargeback?.status === 'lost' },
        alreadyReviewed: !!review,
        now,
      }) === null,
  };
}

type ListFilter = Omit<OrderListFilter, 'after' | 'limit'> & { status: OrderStatusFilter };

/** A keyset page of order rows, one statement, and the cursor after it. */
async function rowsPage(ctx: OrdersContext, filter: ListFilter, cursor: string | undefined, limit: number) {
  const rows = await selectOrderRows(ctx.deps.db.db, { ...filter, after: decodeCursor(cursor), limit });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: more && last ? encodeCursor(Number(last.sortKey), last.id) : null };
}

type OrderRow = Awaited<ReturnType<typeof rowsPage>>['page'][number];
const listItem = (r: OrderRow): OrderListItem => ({
  id: r.id,
  listingId: r.listingId,
  listingTitle: r.listingTitle,
  thumbUrl: r.thumbUrl ?? null,
  buyerId: r.buyerId,
  buyerName: r.buyerName,
  sellerId: r.sellerId,
  sellerName: r.sellerName,
  priceCents: r.priceCents,
  status: r.status,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  dueAt: r.dueAt,
  answerDueAt: r.status === 'disputed' ? r.sellerAnswerDueAt : null,
  yourTurn: Boolean(r.yourTurn),
  onHold: r.chargebackHoldSince !== null,
  disputeDecided: r.decidedAt !== null,
});

/** A keyset page of a member's orders (their purchases or their sales). */
export async function orderPage(ctx: OrdersContext, filter: ListFilter, cursor: string | undefined, limit: number) {
  const { page, nextCursor } = await rowsPage(ctx, filter, cursor, limit);
  return { items: page.map(listItem), nextCursor };
}

/**
 * A keyset page of the admin list: open disputes first, each with what is left to recover of its chargeback and what
 * Stripe refused to refund of it.
 */
export async function adminOrderPage(
  ctx: OrdersContext,
  filter: Pick<ListFilter, 'q' | 'status'>,
  cursor: string | undefined,
  limit: number,
) {
  const all = { ...filter, disputesFirst: true, withToRecover: true, withRefusedRefunds: true };
  const { page, nextCursor } = await rowsPage(ctx, all, cursor, limit);
  const items: AdminOrderListItem[] = page.map((r) => ({
    ...listItem(r),
    chargebackToRecoverCents: r.toRecoverCents === null ? null : Number(r.toRecoverCents),
    refusedRefund:
      r.refusedRefundCents === null
        ? null
        : { amountCents: Number(r.refusedRefundCents), stripeError: r.refusedRefundError ?? '' },
  }));
  return { items, nextCursor };
}
