import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { OrderState } from '@accountry/shared/order-state';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { CHARGEBACK_RECEIVABLE, PLATFORM_EXPENSE, postLedger } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';
import { chargebackOrderStatusAtOpen } from './chargebacks.repository';
import { disputeBooked, setDisputeBooked, type DisputeTable } from './dispute-rows';
import { findRefundOwed, unpayableRefundKey } from './stripe-refunds.repository';

/** The states a paid order is settled in, in any part: its money left escrow to the seller or back to the card. */
const SETTLED: readonly OrderState[] = ['completed', 'refunded', 'canceled'];

/** Whether the order was settled in any part before its chargeback opened: escrow holds none of what the bank takes. */
export const settledBeforeChargeback = (order: Pick<OrdersTable, 'paidAt'>, orderStatusAtOpen: OrderState) =>
  order.paidAt !== null && SETTLED.includes(orderStatusAtOpen);

/**
 * What the bank took of an order settled before its chargeback (decision 183), booked against what is owed to the
 * platform (`chargeback_receivable`). An order escrow still holds books nothing here: its refund move pays the bank's
 * amount out of escrow at the decision. A payment the order never took (it came after the order expired or was
 * canceled, decision 095) whose refund reached the card is the platform's loss, as a refunded second payment's is
 * (decision 244); while that refund has not, the bank takes back the payment Stripe kept, and nothing is booked.
 */
export async function bookChargebackFunds(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: ReportedChargeback,
  now: number,
) {
  const against = await fundsBorneBy(trx, order, report);
  if (against) await bookDisputeFunds(ctx, trx, order, report, now, { table: 'chargebacks', against });
}

async function fundsBorneBy(trx: Database, order: OrdersTable, report: ReportedChargeback) {
  if (order.paidAt !== null)
    return settledBeforeChargeback(order, await chargebackOrderStatusAtOpen(trx, report.id))
      ? CHARGEBACK_RECEIVABLE
      : null;
  const refund = await findRefundOwed(trx, unpayableRefundKey(order.id, report.providerRef));
  // Once booked at the opening, the decision books against the same account whatever became of the refund since.
  const booked = (await disputeBooked(trx, 'chargebacks', report.id)).withdrawnCents > 0;
  return refund?.status === 'sent' || booked ? PLATFORM_EXPENSE : null;
}

/**
 * The funds a dispute took from Stripe's balance, booked when Stripe takes them, as the dispute fee is: `against →
 * stripe_clearing` for the funds withdrawn, the other way for funds Stripe reinstates when the bank decides for the
 * seller, so `stripe_clearing` keeps matching what Stripe holds. A lost decision books the bank's amount even when
 * Stripe's report lists no withdrawal: the bank keeps it. The dispute's row (in `table`) keeps what is booked, so each
 * report books only what it adds, once per dispute, conditioned on what it read.
 */
export async function bookDisputeFunds(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: ReportedChargeback,
  now: number,
  book: { table: DisputeTable; against: string },
) {
  const c = await disputeBooked(trx, book.table, report.id);
  const lost = c.status === 'lost';
  // Never more than the bank disputes (the recorded amount, at most the charge), never back more than was taken.
  const taken = lost ? c.amountCents : Math.min(report.funds.withdrawnCents, c.amountCents);
  const withdrawnCents = Math.max(c.withdrawnCents, taken);
  const back = lost ? 0 : Math.min(report.funds.reinstatedCents, withdrawnCents);
  const reinstatedCents = Math.max(c.reinstatedCents, back);
  const withdrawn = withdrawnCents - c.withdrawnCents;
  const reinstated = reinstatedCents - c.reinstatedCents;
  if (withdrawn === 0 && reinstated === 0) return;
  const read = { withdrawnCents: c.withdrawnCents, reinstatedCents: c.reinstatedCents };
  if (!(await setDisputeBooked(trx, book.table, report.id, read, { withdrawnCents, reinstatedCents })))
    throw conflict(M.stateChanged);
  const provider = ctx.providerOf(order).refundAccount(order);
  const posting = { orderId: order.id, actorId: null, memo: `Dispute ${report.id}` };
  if (withdrawn > 0)
    await postLedger(
      trx,
      {
        ...posting,
        kind: 'chargeback_withdrawal',
        moves: [{ from: book.against, to: provider, amountCents: withdrawn }],
      },
      now,
    );
  if (reinstated > 0)
    await postLedger(
      trx,
      {
        ...posting,
        kind: 'chargeback_reinstatement',
        moves: [{ from: provider, to: book.against, amountCents: reinstated }],
      },
      now,
    );
}
