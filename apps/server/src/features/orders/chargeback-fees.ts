import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { PLATFORM_EXPENSE, postLedger } from '../../lib/ledger';
import type { OrdersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';
import { disputeBooked, setDisputeBooked, type DisputeTable } from './dispute-rows';

/**
 * Book the provider's dispute fee as the platform's cost, and its return (decision 183): the dispute's row (in `table`:
 * a chargeback, or a dispute of a refunded payment, decision 244) keeps what is booked, so each report books only what
 * it adds and the fee is booked once per dispute. A report that says less than is booked (an older picture of the
 * dispute) books nothing. The seller is never charged here: an admin may recover the fee with the audited balance
 * correction.
 */
export async function bookDisputeFee(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  report: ReportedChargeback,
  now: number,
  table: DisputeTable = 'chargebacks',
) {
  const { feeCents, feeReturnedCents } = await disputeBooked(trx, table, report.id);
  const read = { feeCents, feeReturnedCents };
  const next = {
    feeCents: Math.max(read.feeCents, report.fee.chargedCents),
    feeReturnedCents: Math.max(read.feeReturnedCents, report.fee.returnedCents),
  };
  const charged = next.feeCents - read.feeCents;
  const returned = next.feeReturnedCents - read.feeReturnedCents;
  if (charged === 0 && returned === 0) return;
  if (!(await setDisputeBooked(trx, table, report.id, read, next))) throw conflict(M.stateChanged);
  // The fee leaves through the provider's side of the ledger, where the bank's money went.
  const provider = ctx.providerOf(order).refundAccount(order);
  const posting = { orderId: order.id, actorId: null, memo: `Dispute ${report.id}` };
  if (charged > 0)
    await postLedger(
      trx,
      { ...posting, kind: 'dispute_fee', moves: [{ from: PLATFORM_EXPENSE, to: provider, amountCents: charged }] },
      now,
    );
  if (returned > 0)
    await postLedger(
      trx,
      {
        ...posting,
        kind: 'dispute_fee_returned',
        moves: [{ from: provider, to: PLATFORM_EXPENSE, amountCents: returned }],
      },
      now,
    );
}
