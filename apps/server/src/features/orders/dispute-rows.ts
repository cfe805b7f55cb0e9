import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { Database } from '../../db/database';
import type { ChargebacksTable, OrdersTable } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';

/**
 * The tables that keep a card dispute by the provider's id with what it booked: the order's chargebacks (decision
 * 183), and disputes of a payment the order does not hold (decision 244). Both have every column read and written here.
 */
export type DisputeTable = 'chargebacks' | 'refundedPaymentDisputes';

/** What a dispute booked of Stripe's fee and of the funds, and what decides what it may book: its amount and status. */
export type DisputeBooked = Pick<
  ChargebacksTable,
  'amountCents' | 'status' | 'feeCents' | 'feeReturnedCents' | 'withdrawnCents' | 'reinstatedCents'
>;
type Bookings = Omit<DisputeBooked, 'amountCents' | 'status'>;

export async function disputeBooked(db: Database, table: DisputeTable, id: string): Promise<DisputeBooked> {
  return db
    .selectFrom(table)
    .select(['amountCents', 'status', 'feeCents', 'feeReturnedCents', 'withdrawnCents', 'reinstatedCents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Record what is booked, conditioned on what was read (every column of `read`): false when another report booked. */
export async function setDisputeBooked(
  db: Database,
  table: DisputeTable,
  id: string,
  read: Partial<Bookings>,
  next: Partial<Bookings>,
) {
  let update = db.updateTable(table).set(next).where('id', '=', id);
  for (const [column, cents] of Object.entries(read)) update = update.where(column as keyof Bookings, '=', cents);
  const res = await update.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Close an open dispute with the bank's decision: false when it is not open (already closed, or never seen). */
async function closeOpenDispute(db: Database, table: DisputeTable, id: string, status: 'won' | 'lost', now: number) {
  const res = await db
    .updateTable(table)
    .set({ status, closedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The dispute's status as now committed (a new statement sees an opening that committed meanwhile). */
async function disputeStatus(db: Database, table: DisputeTable, id: string) {
  const row = await db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/**
 * Close the dispute with the bank's decision, or record it closed when its opening never reached us (`insertClosed`):
 * false when it is already closed with this decision (a repeat). Neither closed nor inserted, the row exists: an
 * opening that committed while the insert waited on it is open to a new statement and closed now; one closed
 * otherwise is a 409, so nothing answers `duplicate` while the decision is unapplied (decision 183).
 */
export async function closeDispute(
  ctx: OrdersContext,
  trx: Database,
  table: DisputeTable,
  decided: { id: string; status: 'won' | 'lost'; now: number },
  insertClosed: () => Promise<boolean>,
) {
  const { id, status, now } = decided;
  if (await closeOpenDispute(trx, table, id, status, now)) return true;
  if (await insertClosed()) return true;
  const found = await disputeStatus(trx, table, id);
  if (found === status) return false;
  if (found === 'open' && (await closeOpenDispute(trx, table, id, status, now))) return true;
  if (found !== 'open') ctx.deps.log.warn({ chargebackId: id, status, found }, 'chargeback decided otherwise before');
  throw conflict(M.stateChanged);
}

/**
 * What of the charge (`chargeCents`: the order's price, or the refunded payment's amount) the bank disputes. Stripe
 * never disputes more than the charge in its own currency, so an amount above it or in another currency is a report we
 * cannot book as it says: it is taken as the whole charge (nothing booked beyond it), with a warning for the operators
 * to reconcile with Stripe.
 */
export function disputedCents(ctx: OrdersContext, order: OrdersTable, report: ReportedChargeback, chargeCents: number) {
  const { amountCents, currency } = report;
  if (currency === order.currency && amountCents > 0 && amountCents <= chargeCents) return amountCents;
  ctx.deps.log.warn(
    { orderId: order.id, chargebackId: report.id, amountCents, currency, priceCents: order.priceCents, chargeCents },
    'chargeback amount is not one of the order: taken as the whole price',
  );
  return chargeCents;
}
