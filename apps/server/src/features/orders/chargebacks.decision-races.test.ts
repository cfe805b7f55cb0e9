import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { confirmPayment } from './orders.service';
import { recordChargeback } from './chargebacks.service';
import { checkOpenChargebacks } from './chargeback-check';
import { insertChargeback } from './chargebacks.repository';
import { expectLedgerHealthy } from './orders-test-helpers';
import {
  atMost,
  chargebacksOf,
  holdOf,
  paidAtTheProvider,
  statusCodeOf,
  STRIPE_SET_UP,
} from './chargebacks-test-helpers';

/** Decision 183: the bank's decision racing the payment's webhook, or its own opening (PostgreSQL runs them at once). */
const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let second: AppDeps['db'];
useRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
}, STRIPE_SET_UP);
const other = () => ordersContext({ ...ctx.deps, db: second });
const here = () => ordersContext(ctx.deps);

/** What the decision leaves once applied: a lost one refunds the unheld order, a won one lets it go on. */
const decided = {
  lost: { status: 'refunded', chargebackHoldSince: null },
  won: { status: 'paid', chargebackHoldSince: null },
};

describe('the bank decides a chargeback opened before the payment while the payment’s webhook lands', () => {
  for (const status of ['lost', 'won'] as const) {
    it.runIf(pg)(`${status}, decided first: the payment waits for the decision and lands as it says`, async () => {
      const { id, priceCents, report } = await paidAtTheProvider(ctx);
      expect(await recordChargeback(here(), report)).toBe('opened');
      // The decision has closed the chargeback (uncommitted) when the payment's webhook runs on another process.
      let payment: Promise<unknown> | undefined;
      interleave.arm('chargebacks', async () => {
        payment = confirmPayment(other(), id, priceCents, report.providerRef);
        await atMost(payment);
      });
      expect(await recordChargeback(here(), { ...report, status })).toBe(status);
      await payment;
      // Before, the payment read the chargeback still open and held the paid order with nothing left to free it.
      expect(await holdOf(ctx, id)).toEqual([decided[status]]);
      expect(await chargebacksOf(ctx, id)).toEqual([{ id: report.id, status }]);
      await expectLedgerHealthy(ctx);
    });

    it.runIf(pg)(`${status}, paid first: the decision is refused (409) and applied when Stripe retries`, async () => {
      const { id, priceCents, report } = await paidAtTheProvider(ctx);
      expect(await recordChargeback(here(), report)).toBe('opened');
      // The payment holds the order's row at its history entry when the decision comes on another process.
      let decision: Promise<unknown> | undefined;
      interleave.arm('order_history', async () => {
        decision = recordChargeback(other(), { ...report, status }).catch(statusCodeOf);
        await atMost(decision);
      });
      await confirmPayment(here(), id, priceCents, report.providerRef);
      expect(await decision).toBe(409);
      expect(await holdOf(ctx, id)).toEqual([{ status: 'paid', chargebackHoldSince: expect.any(Number) }]);
      expect(await chargebacksOf(ctx, id)).toEqual([{ id: report.id, status: 'open' }]);
      expect(await recordChargeback(here(), { ...report, status })).toBe(status);
      expect(await holdOf(ctx, id)).toEqual([decided[status]]);
      await expectLedgerHealthy(ctx);
    });
  }
});

describe('the bank decides while its opening is being recorded', () => {
  it.runIf(pg)('the decision waits for the opening and is refused (409), then applied when retried', async () => {
    const { id, priceCents, report } = await paidAtTheProvider(ctx);
    await confirmPayment(here(), id, priceCents, report.providerRef);
    // Stripe's `charge.dispute.closed` comes on another process while the opening's transaction holds the order.
    let decision: Promise<unknown> | undefined;
    interleave.arm('order_history', async () => {
      decision = recordChargeback(other(), { ...report, status: 'won' }).catch(statusCodeOf);
      await atMost(decision);
    });
    expect(await recordChargeback(here(), report)).toBe('opened');
    // Before, it was answered "duplicate" (Stripe never sends it again) with nothing applied: held until the sweep.
    expect(await decision).toBe(409);
    expect(await recordChargeback(here(), { ...report, status: 'won' })).toBe('won');
    expect(await chargebacksOf(ctx, id)).toEqual([{ id: report.id, status: 'won' }]);
    expect(await holdOf(ctx, id)).toEqual([{ status: 'paid', chargebackHoldSince: null }]);
    await expectLedgerHealthy(ctx);
  });

  it.runIf(pg)(
    'closes an opening committed only after it looked for it, rather than calling itself a duplicate',
    async () => {
      const { id, priceCents, report } = await paidAtTheProvider(ctx);
      await confirmPayment(here(), id, priceCents, report.providerRef);
      // The opening's row is written but not committed when the decision looks for it and tries to record it closed.
      let commit!: () => void;
      let written!: () => void;
      const inserted = new Promise<void>((resolve) => (written = resolve));
      const opening = second.db.transaction().execute(async (trx) => {
        const row = {
          id: report.id,
          orderId: id,
          amountCents: priceCents,
          reason: report.reason,
          status: 'open' as const,
        };
        const at = { orderStatusAtOpen: 'paid' as const, openedAt: 0, closedAt: null, checkedAt: null };
        const booked = { feeCents: 0, feeReturnedCents: 0, withdrawnCents: 0, reinstatedCents: 0, recoveredCents: 0 };
        await insertChargeback(trx, { ...row, ...at, ...booked });
        written();
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await inserted;
      const decision = recordChargeback(here(), { ...report, status: 'won' }).catch(statusCodeOf);
      setTimeout(() => commit(), 300);
      await opening;
      expect(await decision).toBe('won');
      expect(await chargebacksOf(ctx, id)).toEqual([{ id: report.id, status: 'won' }]);
      // Closed, so the daily check has nothing left to ask; a repeat is the duplicate.
      ctx.clock.advance(2 * 24 * 3_600_000);
      expect(await checkOpenChargebacks(here())).toBe(0);
      expect(await recordChargeback(here(), { ...report, status: 'won' })).toBe('duplicate');
      await expectLedgerHealthy(ctx);
    },
  );
});
