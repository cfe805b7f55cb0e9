import type { OrderState } from '@accountry/shared/order-state';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import {
  CHARGEBACK_RECEIVABLE,
  ESCROW,
  PLATFORM_EXPENSE,
  PLATFORM_FEE,
  availableAccount,
  lockLedgerAccounts,
} from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';

/** The states in which escrow still holds the order's money: a chargeback holds the order there. */
export const HELD_STATES: readonly OrderState[] = ['paid', 'delivered', 'protection', 'disputed'];

/**
 * Every ledger account a chargeback report may post to, taken at once in the ledger's order before its first posting
 * (decision 183): a lost decision's refund from escrow (to the card, and the rest to the seller or the buyer), Stripe's
 * fee and the bank's funds are up to three postings, and two reports taking them posting by posting deadlocked.
 */
export async function lockChargebackAccounts(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: Pick<ReportedChargeback, 'status'>,
) {
  const card = ctx.providerOf(order).refundAccount(order);
  const refunds = report.status === 'lost' && HELD_STATES.includes(order.status);
  const escrowSide = refunds
    ? [ESCROW, PLATFORM_FEE, availableAccount(order.sellerId), availableAccount(order.buyerId)]
    : [];
  await lockLedgerAccounts(trx, [card, PLATFORM_EXPENSE, CHARGEBACK_RECEIVABLE, ...escrowSide]);
}
