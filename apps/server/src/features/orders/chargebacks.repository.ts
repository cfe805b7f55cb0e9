import type { Database } from '../../db/database';
import type { ChargebacksTable, OrdersTable } from '../../db/schema';

/** Record a chargeback once: false when the provider already reported this one. */
export async function insertChargeback(db: Database, row: ChargebacksTable) {
  const res = await db
    .insertInto('chargebacks')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Close an open chargeback with the bank's decision: false when it is not open (already closed, or never seen). */
export async function closeOpenChargeback(db: Database, id: string, status: 'won' | 'lost', now: number) {
  const res = await db
    .updateTable('chargebacks')
    .set({ status, closedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Hold (since `since`) or free (null) the order, conditioned on its state and hold as read. */
export async function setChargebackHold(db: Database, order: OrdersTable, since: number | null) {
  const res = await db
    .updateTable('orders')
    .set({ chargebackHoldSince: since })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where('chargebackHoldSince', order.chargebackHoldSince === null ? 'is' : '=', order.chargebackHoldSince)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The order's latest chargeback, for its page. */
export async function latestChargeback(db: Database, orderId: string) {
  return db
    .selectFrom('chargebacks')
    .select(['status', 'amountCents', 'reason', 'openedAt', 'closedAt'])
    .where('orderId', '=', orderId)
    .orderBy('openedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
