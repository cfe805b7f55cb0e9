import type { AdminOrderFigures } from '@accountry/shared/orders';
import type { AppDeps } from '../../app';
import { ESCROW, PLATFORM_FEE, balanceOf, checkLedger } from '../../lib/ledger';

/** The admin dashboard's money figures and the ledger health check. */
export async function orderFigures(deps: AppDeps): Promise<AdminOrderFigures> {
  const db = deps.db.db;
  const count = (table: 'orders' | 'payouts', status: string) =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status as never)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [openDisputes, openPayouts, escrowHeldCents, feesEarnedCents, ledgerProblems] = await Promise.all([
    count('orders', 'disputed'),
    count('payouts', 'open'),
    balanceOf(db, ESCROW),
    balanceOf(db, PLATFORM_FEE),
    checkLedger(db),
  ]);
  return {
    openDisputes,
    escrowHeldCents,
    feesEarnedCents,
    openPayouts,
    ledgerHealthy: ledgerProblems.length === 0,
    ledgerProblems,
  };
}
