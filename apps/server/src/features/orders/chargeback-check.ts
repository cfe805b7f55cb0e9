import { DAY_MS } from '@accountry/shared/durations';
import type { OrdersContext } from './orders-context';
import { chargebacksToCheck, markChargebackChecked } from './chargebacks.repository';
import { recordChargeback } from './chargebacks.service';
import { walkInBatches } from '../../lib/walk-in-batches';

/** How long an open chargeback waits between two questions to the provider about a decision we may have missed. */
export const CHARGEBACK_CHECK_MS = DAY_MS;

/** Open chargebacks read at a time. */
const BATCH = 20;

/**
 * The sweep's safety net: a decision whose webhook never came (the endpoint down past the provider's retries) is
 * asked of the provider once a day per open chargeback and applied, so no order stays on hold for good. Walked past
 * each chargeback read (decision 241): one the provider cannot answer is asked again next sweep and holds back none.
 */
export async function checkOpenChargebacks(ctx: OrdersContext): Promise<number> {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  let applied = 0;
  await walkInBatches(
    BATCH,
    (after: { openedAt: number; id: string } | undefined) =>
      chargebacksToCheck(db, now, CHARGEBACK_CHECK_MS, BATCH, after),
    async ({ openedAt: _, ...c }) => {
      const { status, fee, funds } = await ctx.providerOf(c).checkChargeback(c.id);
      await markChargebackChecked(db, c.id, now);
      if (status === 'open') return;
      const report = { ...c, providerRef: c.providerRef ?? '', status, fee, funds };
      if ((await recordChargeback(ctx, report)) !== 'duplicate') applied++;
    },
    (err, c) =>
      ctx.deps.log.warn({ err, chargebackId: c.id }, 'chargeback could not be checked; asked again next sweep'),
  );
  return applied;
}
