import { DAY_MS } from '@accountry/shared/durations';
import type { OrdersContext } from './orders-context';
import type { ChargebackCheck } from './payment-provider';
import { chargebacksToCheck, markChargebackChecked } from './chargebacks.repository';
import { recordChargeback } from './chargebacks.service';
import {
  markRefundedPaymentDisputeChecked,
  refundedPaymentDisputesToCheck,
} from './refunded-payment-disputes.repository';
import { recordRefundedPaymentDispute } from './refunded-payment-disputes.service';
import { walkInBatches } from '../../lib/walk-in-batches';

/** How long an open chargeback waits between two questions to the provider about a decision we may have missed. */
export const CHARGEBACK_CHECK_MS = DAY_MS;

/** Open chargebacks read at a time. */
const BATCH = 20;

interface OpenDispute {
  id: string;
  openedAt: number;
  provider: string;
}
type ChargebackToCheck = Awaited<ReturnType<typeof chargebacksToCheck>>[number];
type RefundedPaymentDisputeToCheck = Awaited<ReturnType<typeof refundedPaymentDisputesToCheck>>[number];

/**
 * The sweep's safety net: a decision whose webhook never came (the endpoint down past the provider's retries) is
 * asked of the provider once a day per open chargeback and applied, so no order stays on hold for good; and per open
 * dispute of a refunded payment (decision 244), so none waits for the admins for good. Walked past each one read
 * (decision 241): one the provider cannot answer is asked again next sweep and holds back none. Returns how many
 * decisions were applied.
 */
export async function checkOpenChargebacks(ctx: OrdersContext): Promise<number> {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  const chargebacks = await checkOpen<ChargebackToCheck>(ctx, {
    read: (after) => chargebacksToCheck(db, now, CHARGEBACK_CHECK_MS, BATCH, after),
    mark: (id) => markChargebackChecked(db, id, now),
    apply: (c, decided) => recordChargeback(ctx, { ...c, providerRef: c.providerRef ?? '', ...decided }),
  });
  const refunded = await checkOpen<RefundedPaymentDisputeToCheck>(ctx, {
    read: (after) => refundedPaymentDisputesToCheck(db, now, CHARGEBACK_CHECK_MS, BATCH, after),
    mark: (id) => markRefundedPaymentDisputeChecked(db, id, now),
    apply: (d, decided) => recordRefundedPaymentDispute(ctx, { ...d, providerRef: d.paymentRef, ...decided }),
  });
  return chargebacks + refunded;
}

/** Ask the provider about each open dispute `read` finds, and apply a decision it reports. */
async function checkOpen<R extends OpenDispute>(
  ctx: OrdersContext,
  table: {
    read: (after: R | undefined) => Promise<R[]>;
    mark: (id: string) => Promise<void>;
    apply: (row: Omit<R, 'openedAt'>, decided: ChargebackCheck & { status: 'won' | 'lost' }) => Promise<string>;
  },
) {
  let applied = 0;
  await walkInBatches(
    BATCH,
    table.read,
    async ({ openedAt: _, ...row }) => {
      const { status, fee, funds } = await ctx.providerOf(row).checkChargeback(row.id);
      // Still open: asked again after the check interval. Decided: applied, which closes it; a decision that fails to
      // apply is left unmarked, so the next sweep asks and applies it again.
      if (status === 'open') return table.mark(row.id);
      if ((await table.apply(row, { status, fee, funds })) !== 'duplicate') applied++;
    },
    (err, row) =>
      ctx.deps.log.warn({ err, chargebackId: row.id }, 'chargeback could not be checked; asked again next sweep'),
  );
  return applied;
}
