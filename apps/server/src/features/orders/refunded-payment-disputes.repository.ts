import type { Database } from '../../db/database';
import type { RefundedPaymentDisputesTable } from '../../db/schema';
import { pastKeyset } from '../../lib/walk-in-batches';

/** Record a dispute of a refunded payment once: false when the provider already reported this one (decision 244). */
export async function insertRefundedPaymentDispute(db: Database, row: RefundedPaymentDisputesTable) {
  const res = await db
    .insertInto('refundedPaymentDisputes')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The disputes of the order's refunded payments, oldest first, for its admin page (on the order's index). */
export async function refundedPaymentDisputesOfOrder(db: Database, orderId: string) {
  return db
    .selectFrom('refundedPaymentDisputes')
    .select(['id', 'paymentRef', 'amountCents', 'reason', 'status', 'openedAt', 'closedAt', 'feeCents'])
    .select(['feeReturnedCents', 'withdrawnCents', 'reinstatedCents'])
    .where('orderId', '=', orderId)
    .orderBy('openedAt')
    .orderBy('id')
    .execute();
}

/**
 * Open disputes the provider was not asked about for `everyMs`: their decision's webhook may have been lost. In
 * (opening, id) order after `after`, on the index of open ones, so the sweep walks past those it could not ask about.
 */
export async function refundedPaymentDisputesToCheck(
  db: Database,
  now: number,
  everyMs: number,
  limit: number,
  after?: { openedAt: number; id: string },
) {
  return db
    .selectFrom('refundedPaymentDisputes as d')
    .innerJoin('orders as o', 'o.id', 'd.orderId')
    .select(['d.id', 'd.orderId', 'd.paymentRef', 'd.amountCents', 'd.reason', 'd.openedAt', 'o.provider'])
    .select('o.currency')
    .where('d.status', '=', 'open')
    .where((eb) => eb(eb.fn.coalesce('d.checkedAt', 'd.openedAt'), '<=', now - everyMs))
    .$if(after !== undefined, (q) => q.where(pastKeyset('d.openedAt', 'd.id', [after!.openedAt, after!.id])))
    .orderBy('d.openedAt')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export async function markRefundedPaymentDisputeChecked(db: Database, id: string, now: number) {
  await db.updateTable('refundedPaymentDisputes').set({ checkedAt: now }).where('id', '=', id).execute();
}

/** The disputes recorded of one refunded payment of the order (its Checkout Session), to settle its refund. */
export async function disputesOfRefundedPayment(db: Database, orderId: string, paymentRef: string) {
  return db
    .selectFrom('refundedPaymentDisputes')
    .select(['id', 'status', 'amountCents', 'withdrawnCents', 'reinstatedCents'])
    .where('orderId', '=', orderId)
    .where('paymentRef', '=', paymentRef)
    .execute();
}
