import { DAY_MS } from '@accountry/shared/durations';
import type { OrdersContext } from './orders-context';
import { chargebacksToCheck, markChargebackChecked } from './chargebacks.repository';
import { recordChargeback } from './chargebacks.service';

/** How long an open chargeback waits between two questions to the provider about a decision we may have missed. */
export const CHARGEBACK_CHECK_MS = DAY_MS;

/**
 * The sweep's safety net: a decision whose webhook never came (the endpoint down past the provider's retries) is
 * asked of the provider once a day per open chargeback and applied, so no order stays on hold for good.
 */
export async function checkOpenChargebacks(ctx: OrdersContext): Promise<number> {
  const db = ctx.deps.db.db;
  const now = ctx.deps.clock.now();
  let applied = 0;
  for (const c of await chargebacksToCheck(db, now, CHARGEBACK_CHECK_MS, 20)) {
    try {
      const { status, fee, funds } = await ctx.providerOf(c).checkChargeback(c.id);
      await markChargebackChecked(db, c.id, now);
      if (status === 'open') continue;
      const report = { ...c, providerRef: c.providerRef ?? '', status, fee, funds };
      if ((await recordChargeback(ctx, report)) !== 'duplicate') applied++;
    } catch (err) {
      ctx.deps.log.warn({ err, chargebackId: c.id }, 'chargeback could not be checked; asked again next sweep');
    }
  }
  return applied;
}
