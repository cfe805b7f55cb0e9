import { mailLinks } from '../../email/unsubscribe-links';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import {
  SELLER_ANSWER_MS,
  canOpenDispute,
  credentialsWithdrawn,
  pastDue,
  type OrderActor,
} from '@accountry/shared/order-state';
import type { DecisionInput } from '@accountry/shared/orders';
import type { Credentials } from '@accountry/shared/order-credentials';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';
import { availableAccount } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import { applyTransition, moveOrder, type Actor } from './order-transitions';
import { afterTransition } from './order-effects';
import { findOrder, insertReveal, updateOrderIf } from './orders.repository';
import { mayTrade, refuseListingOffSite } from './order-listings.repository';
import { sealedForReveal, sealedNow } from './order-credentials.repository';
import { eitherBlocked } from '../../db/member-blocks';
import { accountLock, lockKeys } from '../../db/key-lock';
import { findRefundOwed, unpayableRefundKey } from './stripe-refunds.repository';
import { chargebackOnPayment } from './chargebacks.service';
import { refuseSpendingHeld } from './chargeback-holds';
import { queueDisputeAdminMail } from './admin-task-mails';
import { assertNotParty, partiesOf } from '../../lib/admin-not-party';

/** The viewer's side of an order, or a 404 that does not say whether the order exists. */
export function sideOf(order: OrdersTable, user: AuthUser): 'buyer' | 'seller' | 'admin' {
  if (order.buyerId === user.id) return 'buyer';
  if (order.sellerId === user.id) return 'seller';
  if (user.role === 'admin') return 'admin';
  throw notFound(M.notFound);
}

export async function visibleOrder(ctx: OrdersContext, id: string, user: AuthUser) {
  const order = await findOrder(ctx.deps.db.db, id);
  if (!order) throw notFound(M.notFound);
  return { order, side: sideOf(order, user) };
}

/** Refuses anyone but the order's buyer (or seller): 403 to the other party and admins, 404 to anyone else. */
export function only(side: 'buyer' | 'seller', order: OrdersTable, user: AuthUser) {
  const mine = side === 'buyer' ? order.buyerId === user.id : order.sellerId === user.id;
  if (mine) return;
  if (order.buyerId !== user.id && order.sellerId !== user.id && user.role !== 'admin') throw notFound(M.notFound);
  throw forbidden(side === 'buyer' ? M.onlyBuyer : M.onlySeller);
}

const actorOf = (kind: OrderActor, user: AuthUser): Actor => ({ kind, id: user.id });

/**
 * Pay an order: `balance` pays at once in one transaction; other providers answer with a page to go to. The
 * provider is asked first, outside any transaction (Stripe reuses the order's open session, so asking again is safe);
 * the order is then written only if it is still awaiting payment (409 otherwise).
 */
export async function payOrder(ctx: OrdersContext, user: AuthUser, id: string) {
  const db = ctx.deps.db.db;
  const order = await findOrder(db, id);
  if (!order) throw notFound(M.notFound);
  only('buyer', order, user);
  if (order.status !== 'pending_payment') throw conflict(order.paidAt ? M.alreadyPaid : M.notPayable);
  // The payment window has closed: the order expires on the sweep's next round, whatever is pressed meanwhile.
  if (pastDue(order, ctx.deps.clock.now())) throw conflict(M.notPayable);
  // No money goes in for a listing moderation took off the site meanwhile (checked again where it is written).
  await refuseListingOffSite(db, order.listingId);
  // No money goes into escrow for a seller who can no longer deliver (disabled or deleted since the order began).
  if (!(await mayTrade(db, order.sellerId))) throw conflict(M.sellerGone);
  // A block made since the order began: no money goes in for a deal either member has since refused (read again under
  // the account locks where it is written; here, so Stripe is not asked for a page across a block already made).
  if (await eitherBlocked(db, order.buyerId, order.sellerId)) throw forbidden(M.blocked);
  const returnUrl = `${ctx.deps.config.publicUrl}/orders/${encodeURIComponent(order.id)}`;
  const provider = ctx.providerOf(order);
  const start = await provider.startPayment({ order, buyerEmail: user.email, returnUrl });
  const now = ctx.deps.clock.now();
  if (start.status === 'redirect') {
    const patch = { providerRef: start.providerRef, updatedAt: now };
    // The page is handed out only if no block completed since the check above (the session made stays unshown).
    const stored = await db.transaction().execute(async (trx) => {
      await refuseBlockedDeal(trx, order, forbidden(M.blocked));
      return updateOrderIf(trx, order.id, 'pending_payment', patch);
    });
    if (!stored) throw conflict(M.stateChanged);
    return { order: stored, redirectUrl: start.url };
  }
  const moved = await db.transaction().execute(async (trx) => {
    await refuseBlockedDeal(trx, order, forbidden(M.blocked));
    // Paid from the buyer's balance: only what chargebacks leave of it (decision 204).
    if (provider.sourceAccount(order) === availableAccount(order.buyerId))
      await refuseSpendingHeld(trx, order.buyerId, order.priceCents);
    const paid = await applyTransition(ctx, trx, order, 'pay', actorOf('buyer', user), { patch: { paidAt: now } }, now);
    // After the order's row, as every move takes the order's row before its listing's.
    await refuseListingOffSite(trx, order.listingId);
    return paid;
  });
  await afterTransition(ctx, order, moved, 'pay');
  return { order: moved.order, redirectUrl: null };
}

/**
 * No money goes in for a deal either member has refused (decision 180): both accounts' locks, then the block read under
 * them, as buy now reads it. A block whose closing of offers (under the same locks) completed is seen; a later one
 * waits for this transaction. First in the transaction: the order of locks is accounts, order, listing.
 */
async function refuseBlockedDeal(trx: Database, order: OrdersTable, refusal: AppError) {
  await lockKeys(trx, [accountLock(order.buyerId), accountLock(order.sellerId)]);
  if (await eitherBlocked(trx, order.buyerId, order.sellerId)) throw refusal;
}

/**
 * A provider confirmed a payment (webhook): the order moves to paid once, whatever how often it is told; a chargeback
 * the bank opened before this webhook came holds it at once, in the same transaction, and one the bank already
 * decided for the buyer refunds it (decision 183).
 */
export function confirmPayment(ctx: OrdersContext, orderId: string, amountCents: number, providerRef: string) {
  return moveOrder(
    ctx,
    orderId,
    'pay',
    { kind: 'provider', id: null },
    {
      patch: { paidAt: ctx.deps.clock.now(), providerRef },
      check: async (o, trx) => {
        if (o.status !== 'pending_payment') throw conflict(M.alreadyPaid);
        if (o.priceCents !== amountCents) throw badRequest(M.unknownPayment);
        // Paid on a page opened before a block: a 409, so the webhook refunds it at once and the order stays unpaid.
        await refuseBlockedDeal(trx, o, conflict(M.blocked));
        // A payment once refunded as unpayable is never taken after (a replay of its event once the block is lifted).
        if (await findRefundOwed(trx, unpayableRefundKey(o.id, providerRef))) throw conflict(M.notPayable);
      },
      then: async (paid, trx, now) => {
        // Deleted since the page opened: a 409, so the webhook refunds the payment at once. Not a hide, which an admin
        // may undo: the order, still unpaid, would then take a replay of this payment after its refund.
        await refuseListingOffSite(trx, paid.listingId, { hidden: false });
        return chargebackOnPayment(ctx, trx, paid, now);
      },
    },
  );
}

export function cancelOrder(ctx: OrdersContext, user: AuthUser, id: string, reason: string) {
  return moveOrder(ctx, id, 'cancel', actorOf('buyer', user), {
    reason,
    check: (o) => only('buyer', o, user),
  });
}

export function deliverOrder(ctx: OrdersContext, user: AuthUser, id: string, credentials: Credentials) {
  const now = ctx.deps.clock.now();
  return moveOrder(ctx, id, 'deliver', actorOf('seller', user), {
    patch: { deliveredAt: now, credentialsCipher: ctx.cipher.seal(credentials, id) },
    check: (o) => {
      only('seller', o, user);
      if (o.deliveredAt) throw conflict(M.alreadyDelivered);
      // Past the deadline the buyer was told the order is canceled and refunded: the sweep's next round does it.
      if (o.status === 'paid' && pastDue(o, now)) throw conflict(M.deliveryClosed);
    },
  });
}

export function confirmOrder(ctx: OrdersContext, user: AuthUser, id: string) {
  return moveOrder(ctx, id, 'confirm', actorOf('buyer', user), {
    check: (o) => only('buyer', o, user),
  });
}

/** Opened in the inspection window or during protection; the protection clock stops until an admin decides. */
export function openDispute(ctx: OrdersContext, user: AuthUser, id: string, reason: string) {
  const now = ctx.deps.clock.now();
  return moveOrder(ctx, id, 'dispute', actorOf('buyer', user), {
    reason,
    check: (o) => {
      only('buyer', o, user);
      if (o.decidedAt !== null) throw conflict(M.disputeDecided);
      if ((o.status === 'delivered' || o.status === 'protection') && !canOpenDispute(o.status, o.dueAt, now, false))
        throw conflict(M.disputeWindowClosed);
    },
    patch: (o) => ({
      disputeReason: reason,
      disputeOpenedAt: now,
      sellerAnswerDueAt: now + SELLER_ANSWER_MS,
      // The protection clock pauses: what is left of it (all of it when opened during inspection).
      pausedRemainingMs:
        o.status === 'protection' && o.dueAt !== null ? Math.max(0, o.dueAt - now) : ctx.protectionMs(o.protectionDays),
    }),
    // The dispute now waits for an admin's decision: they hear of it in the move's transaction (decision 186).
    then: async (disputed, trx, at) => {
      await queueDisputeAdminMail(trx, mailLinks(ctx.deps), disputed, at);
      return { order: disputed };
    },
  });
}

/** An admin decides a dispute: full refund, partial refund, or release back into protection. */
export async function decideDispute(ctx: OrdersContext, admin: AuthUser, id: string, input: DecisionInput) {
  const now = ctx.deps.clock.now();
  const action = input.outcome;
  const moved = await moveOrder(ctx, id, action, actorOf('admin', admin), {
    reason: input.reason,
    refundCents: input.refundCents,
    check: async (o, trx) => {
      assertNotParty(admin.id, partiesOf(o), M.ownDisputeDecision);
      if (o.status !== 'disputed') throw conflict(M.notDisputed);
      if (action === 'partial_refund' && (input.refundCents ?? 0) > o.priceCents) throw badRequest(M.refundTooLarge);
      await recordAudit(
        trx,
        {
          actorId: admin.id,
          action: `order.${action}`,
          targetType: 'order',
          targetId: o.id,
          details: { reason: input.reason, refundCents: action === 'refund' ? o.priceCents : (input.refundCents ?? 0) },
        },
        now,
      );
    },
    patch: {
      decisionOutcome: action,
      decisionReason: input.reason,
      decidedBy: admin.id,
      decidedAt: now,
    },
  });
  return moved;
}

/**
 * The buyer (after delivery) or an admin handling a dispute reads the credentials; every reveal is recorded. An admin
 * who bought or sold the order reads them only as its buyer, under the buyer's rules (hold, first reveal).
 */
export async function revealCredentials(ctx: OrdersContext, user: AuthUser, id: string, asAdmin: boolean) {
  const now = ctx.deps.clock.now();
  const db = ctx.deps.db.db;
  const order = await findOrder(db, id);
  if (!order) throw notFound(M.notFound);
  if (asAdmin) {
    assertNotParty(user.id, partiesOf(order), M.ownOrderReveal);
    if (order.status !== 'disputed') throw conflict(M.notDisputed);
  } else {
    only('buyer', order, user);
    if (credentialsWithdrawn(order)) throw conflict(M.credentialsRefunded);
  }
  if (order.credentialsErasedAt) throw conflict(M.credentialsErased);
  if (!order.credentialsCipher) throw conflict(M.credentialsNotAvailable);
  const reveal = async (trx: Database) => {
    // The buyer's first reveal is recorded on the order by the statement that reads what it shows (decision 182), and
    // the rules are checked again on that row: a decision or refund committed since the order was read is seen.
    const sealed = asAdmin ? await sealedNow(trx, order.id) : await sealedForReveal(trx, order.id, now);
    if (!sealed) throw notFound(M.notFound);
    if (asAdmin && sealed.status !== 'disputed') throw conflict(M.notDisputed);
    if (!asAdmin && credentialsWithdrawn(sealed)) throw conflict(M.credentialsRefunded);
    if (!asAdmin && sealed.chargebackHoldSince !== null) throw conflict(M.chargebackHold);
    if (sealed.credentialsErasedAt) throw conflict(M.credentialsErased);
    if (!sealed.credentialsCipher) throw conflict(M.credentialsNotAvailable);
    const credentials = ctx.cipher.open(sealed.credentialsCipher, order.id);
    await insertReveal(trx, order.id, user.id, asAdmin ? 'admin' : 'buyer', now);
    if (asAdmin)
      await recordAudit(
        trx,
        { actorId: user.id, action: 'order.credentials_reveal', targetType: 'order', targetId: order.id },
        now,
      );
    return credentials;
  };
  // An admin's reveal reads their role again in its transaction (decision 219).
  return asAdmin ? adminTransaction(db, user.id, reveal) : db.transaction().execute(reveal);
}
