import { ERROR_CODES } from '@accountry/shared/api-error';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { REFUSED_REFUND_MESSAGES as R, refundCoveredByChargeback } from '@accountry/shared/refused-refunds';
import { adminTransaction } from '../../db/acting-admin';
import type { Database } from '../../db/database';
import type { OrdersTable, StripeRefundsTable } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { CHARGEBACK_RECEIVABLE, EXTERNAL, PLATFORM_EXPENSE, STRIPE_CLEARING, postLedger } from '../../lib/ledger';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersContext } from './orders-context';
import { findOrder, findOrderForUpdate } from './orders.repository';
import { chargebackStatusesOf, latestChargeback, setChargebackBooked } from './chargebacks.repository';
import { settledBeforeChargeback } from './chargeback-funds';
import { assertNotParty, partiesOf } from '../../lib/admin-not-party';
import { findRefundOwed, reopenRefusedRefund, settleRefusedRefund } from './stripe-refunds.repository';
import { disputesOfRefundedPayment } from './refunded-payment-disputes.repository';
import { queueRefundSettledMail } from './refund-settled-mail';
import { publishOrderUpdated } from './order-events';

/**
 * The order and the refund of it an admin settles (decision 095): 404 when it is not that order's, 403 for an admin
 * who is a party (decision 190), 409 once it is no longer refused, or while a chargeback is open on the order (the
 * bank decides whether the buyer gets the money back; Stripe refuses the refund of a disputed charge meanwhile), or one
 * on the refund's own payment when that is not the order's (a second payment, decision 244: `disputes`, null for the
 * order's payment). `lock` takes the order's row first, as every chargeback report does (decision 183).
 */
async function refusedRefundOf(trx: Database, admin: AuthUser, orderId: string, key: string, lock = false) {
  const order = lock ? await findOrderForUpdate(trx, orderId) : await findOrder(trx, orderId);
  if (!order) throw notFound(M.notFound);
  assertNotParty(admin.id, partiesOf(order), R.ownOrder);
  const refund = await findRefundOwed(trx, key);
  if (!refund || refund.orderId !== order.id) throw notFound(R.unknown);
  if (refund.status !== 'refused') throw conflict(R.notRefused);
  const chargeback = await latestChargeback(trx, order.id);
  if (chargeback?.status === 'open') throw conflict(R.chargebackOpen);
  const second = refund.sessionId !== order.providerRef;
  const disputes = second ? await disputesOfRefundedPayment(trx, order.id, refund.sessionId) : null;
  if (disputes?.some((d) => d.status === 'open')) throw conflict(R.chargebackOpen);
  return { order, refund, chargeback, disputes };
}

/**
 * What of a second payment's refund the buyer's bank returned in disputes of that payment it decided for them (decision
 * 244): their funds were booked as the platform's loss, but the bank took them from the payment Stripe kept, so that
 * much of the loss is taken back (`stripe_clearing → platform_expense`) and the platform pays only the rest.
 */
function refundedPaymentCover(disputes: Awaited<ReturnType<typeof disputesOfRefundedPayment>>, amountCents: number) {
  const lost = disputes.filter((d) => d.status === 'lost');
  const returned = lost.reduce((sum, d) => sum + d.withdrawnCents - d.reinstatedCents, 0);
  return { covered: Math.max(0, Math.min(amountCents, returned)), disputeId: lost[0]?.id };
}

/**
 * What of a refund the buyer's bank already returned in a chargeback it decided for them on the order (decision 183),
 * whether that part settles what the chargeback left to recover (an order paid here and settled before it: the
 * chargeback booked the bank's funds as owed) or is booked nowhere (an order never paid here: neither the late payment
 * nor what the bank took of it was booked), and the chargeback's booked amounts as read, the condition of its write.
 */
function chargebackCover(order: OrdersTable, c: Awaited<ReturnType<typeof latestChargeback>>, amountCents: number) {
  const booked = {
    withdrawnCents: c?.withdrawnCents ?? 0,
    reinstatedCents: c?.reinstatedCents ?? 0,
    recoveredCents: c?.recoveredCents ?? 0,
  };
  const outstandingCents = booked.withdrawnCents - booked.reinstatedCents - booked.recoveredCents;
  const orderPaid = order.paidAt !== null;
  const covered = c
    ? refundCoveredByChargeback(
        amountCents,
        {
          status: c.status,
          settledBefore: settledBeforeChargeback(order, c.orderStatusAtOpen),
          outstandingCents,
          amountCents: c.amountCents,
        },
        orderPaid,
      )
    : 0;
  return { covered, recovered: orderPaid ? covered : 0, booked };
}

/** The Stripe provider the refund was owed through; a 503 saying so where this server does not reach Stripe. */
function stripeOf(ctx: OrdersContext, order: OrdersTable) {
  try {
    const provider = ctx.providerOf(order);
    if (provider.name === 'stripe') return provider;
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 503)) throw err;
  }
  throw new AppError(503, ERROR_CODES.unavailable, R.stripeNotConfigured);
}

/**
 * Stripe's refusal of a refund usually means the card's bank disputes the charge, and its webhook may not be here yet:
 * paid back now, the buyer would be paid twice, by the admin and by the bank. So Stripe is asked for the payment's
 * disputes first (decision 234); one open, or one our records (the order's chargebacks, the disputes of a second
 * payment) do not show as Stripe has it, is a 409. The refund was owed through Stripe whatever is configured now:
 * without Stripe there is no asking, and no settling blind.
 */
async function assertNoDisputeUnseen(ctx: OrdersContext, order: OrdersTable, refund: StripeRefundsTable) {
  const disputes = await stripeOf(ctx, order).paymentDisputes(refund.sessionId);
  const db = ctx.deps.db.db;
  const refunded = await disputesOfRefundedPayment(db, order.id, refund.sessionId);
  const recorded = new Map([...(await chargebackStatusesOf(db, order.id)), ...refunded].map((c) => [c.id, c.status]));
  for (const { id, status } of disputes) {
    if (status === 'open' && recorded.get(id) === 'open') throw conflict(R.chargebackOpen);
    if (status === 'open' || recorded.get(id) !== status) throw conflict(R.disputeUnrecorded);
  }
}

const auditDetails = (refund: StripeRefundsTable) => ({
  refundKey: refund.idempotencyKey,
  amountCents: refund.amountCents,
  stripeError: refund.lastError,
});

/**
 * An admin sends a refused refund to Stripe again (the bank decided the dispute for the seller, say), with its own
 * idempotency key: written on the state read (`refused`), audited, then sent after the commit, as a cancel's refund
 * is. Stripe taking it, refusing it again or being unreachable is where the refund then stands; the ledger booked it
 * when it was owed.
 */
export async function retryRefusedRefund(
  ctx: OrdersContext,
  admin: AuthUser,
  orderId: string,
  key: string,
): Promise<OrdersTable> {
  const now = ctx.deps.clock.now();
  const order = await adminTransaction(ctx.deps.db.db, admin.id, async (trx) => {
    const { order, refund } = await refusedRefundOf(trx, admin, orderId, key);
    if (!(await reopenRefusedRefund(trx, key, now))) throw conflict(R.notRefused);
    const entry = { actorId: admin.id, action: 'order.refund_retry', targetType: 'order', targetId: order.id };
    await recordAudit(trx, { ...entry, details: auditDetails(refund) }, now);
    return order;
  });
  await publishOrderUpdated(ctx.deps, order);
  await ctx.providerOf(order).sendRefund(key);
  return order;
}

/**
 * An admin records a refused refund as paid back outside Stripe, with how (`reference`), in one transaction written
 * on the state read. The refund's own move (`escrow → stripe_clearing`) was booked when it was owed, as if the card
 * got it; Stripe still holds that money, so it leaves `stripe_clearing` now: what the buyer's bank already returned in
 * a lost chargeback of the order settles that much of what the chargeback left to recover (`→ chargeback_receivable`,
 * counted as recovered), the rest the platform paid from its own money (`→ external`). A refund of a payment after its
 * order could no longer be paid was never booked: what the bank returned of it is booked nowhere, and only the rest
 * leaves `stripe_clearing`, for what Stripe kept of it; of a second payment, what the bank returned in a dispute of it
 * was booked as the platform's loss and is taken back (decision 244). Audited, and the buyer mailed. Never while Stripe
 * has a dispute on the payment not recorded here as Stripe has it (decision 234).
 */
export async function settleRefundOutsideStripe(
  ctx: OrdersContext,
  admin: AuthUser,
  orderId: string,
  key: string,
  reference: string,
): Promise<OrdersTable> {
  const now = ctx.deps.clock.now();
  // Read before asking Stripe, so a request refused anyway asks nothing; the transaction reads it all again.
  const seen = await refusedRefundOf(ctx.deps.db.db, admin, orderId, key);
  await assertNoDisputeUnseen(ctx, seen.order, seen.refund);
  const settledOn = await adminTransaction(ctx.deps.db.db, admin.id, async (trx) => {
    // A chargeback report landing meanwhile waits for the order's row, or has committed and is seen below.
    const { order, refund, chargeback: c, disputes } = await refusedRefundOf(trx, admin, orderId, key, true);
    const second = disputes && refundedPaymentCover(disputes, refund.amountCents);
    const { covered, recovered, booked } = second
      ? { ...second, recovered: 0, booked: null }
      : chargebackCover(order, c, refund.amountCents);
    const settled = {
      settledAt: now,
      settledBy: admin.id,
      settledReference: reference,
      coveredByChargebackCents: covered,
    };
    if (!(await settleRefusedRefund(trx, key, settled))) throw conflict(R.notRefused);
    if (c && booked && recovered > 0) {
      const recoveredCents = booked.recoveredCents + recovered;
      if (!(await setChargebackBooked(trx, c.id, booked, { recoveredCents }))) throw conflict(M.stateChanged);
    }
    // Stripe's account, not the order's provider now: the refund was owed through Stripe whatever is configured. What
    // the bank returned of a payment never booked leaves nothing to book: the bank took it from what Stripe kept.
    const moves = [
      { from: STRIPE_CLEARING, to: CHARGEBACK_RECEIVABLE, amountCents: recovered },
      { from: STRIPE_CLEARING, to: PLATFORM_EXPENSE, amountCents: second ? covered : 0 },
      { from: STRIPE_CLEARING, to: EXTERNAL, amountCents: refund.amountCents - covered },
    ].filter((m) => m.amountCents > 0);
    const posting = { kind: 'refund_outside_stripe' as const, orderId, actorId: admin.id, memo: `Refund ${key}` };
    if (moves.length > 0) await postLedger(trx, { ...posting, moves }, now);
    const details = {
      ...auditDetails(refund),
      settlementReference: reference,
      ...(covered > 0 ? { coveredByChargebackCents: covered, chargebackId: second ? second.disputeId : c?.id } : {}),
    };
    const entry = { actorId: admin.id, action: 'order.refund_settle', targetType: 'order', targetId: order.id };
    await recordAudit(trx, { ...entry, details }, now);
    const mailed = { amountCents: refund.amountCents, coveredCents: covered, reference };
    await queueRefundSettledMail(trx, ctx.deps.config.publicUrl, order, mailed, now);
    return order;
  });
  await publishOrderUpdated(ctx.deps, settledOn);
  return settledOn;
}
