import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { OrderState } from '@accountry/shared/order-state';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { CHARGEBACK_RECEIVABLE, postLedger } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';
import { chargebackBooked, setChargebackBooked } from './chargebacks.repository';

/** The states a paid order is settled in, in any part: its money left escrow to the seller or back to the card. */
const SETTLED: readonly OrderState[] = ['completed', 'refunded', 'canceled'];

/** Whether the order was settled in any part before its chargeback opened: escrow holds none of what the bank takes. */
export const settledBeforeChargeback = (order: Pick<OrdersTable, 'paidAt'>, orderStatusAtOpen: OrderState) =>
  order.paidAt !== null && SETTLED.includes(orderStatusAtOpen);

/**
 * What the bank took of an order settled before its chargeback (decision 183), booked when Stripe takes it, as the
 * dispute fee is: `chargeback_receivable → stripe_clearing` for the funds withdrawn, the other way for funds Stripe
 * reinstates when the bank decides for the seller, so `stripe_clearing` keeps matching what Stripe holds. A lost
 * decision books the bank's amount even when Stripe's report lists no withdrawal: the bank keeps it. The row keeps
 * what is booked, so each report books only what it adds, once per dispute, conditioned on what it read. An order
 * escrow still holds books nothing here: its refund move pays the bank's amount out of escrow at the decision.
 */
export async function bookChargebackFunds(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: ReportedChargeback,
  now: number,
) {
  const c = await chargebackBooked(trx, report.id);
  if (!settledBeforeChargeback(order, c.orderStatusAtOpen)) return;
  const lost = c.status === 'lost';
  // Never more than the bank disputes (the recorded amount, at most the price), never back more than was taken.
  const taken = lost ? c.amountCents : Math.min(report.funds.withdrawnCents, c.amountCents);
  const withdrawnCents = Math.max(c.withdrawnCents, taken);
  const back = lost ? 0 : Math.min(report.funds.reinstatedCents, withdrawnCents);
  const reinstatedCents = Math.max(c.reinstatedCents, back);
  const withdrawn = withdrawnCents - c.withdrawnCents;
  const reinstated = reinstatedCents - c.reinstatedCents;
  if (withdrawn === 0 && reinstated === 0) return;
  const read = { withdrawnCents: c.withdrawnCents, reinstatedCents: c.reinstatedCents };
  if (!(await setChargebackBooked(trx, report.id, read, { withdrawnCents, reinstatedCents })))
    throw conflict(M.stateChanged);
  const provider = ctx.providerOf(order).refundAccount(order);
  const posting = { orderId: order.id, actorId: null, memo: `Dispute ${report.id}` };
  if (withdrawn > 0)
    await postLedger(
      trx,
      {
        ...posting,
        kind: 'chargeback_withdrawal',
        moves: [{ from: CHARGEBACK_RECEIVABLE, to: provider, amountCents: withdrawn }],
      },
      now,
    );
  if (reinstated > 0)
    await postLedger(
      trx,
      {
        ...posting,
        kind: 'chargeback_reinstatement',
        moves: [{ from: provider, to: CHARGEBACK_RECEIVABLE, amountCents: reinstated }],
      },
      now,
    );
}
