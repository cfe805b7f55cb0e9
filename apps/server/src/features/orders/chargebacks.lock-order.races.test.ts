import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { Interleave } from '../../test/interleave';
import { testEngine } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { recordChargeback } from './chargebacks.service';
import type { ReportedChargeback } from './payment-provider';
import { atMost } from './chargebacks-test-helpers';
import { completedCardOrder } from './settled-chargeback-test-helpers';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import { platformBalances, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 183: two chargeback reports of two orders at once (two webhook deliveries) each book Stripe's fee and the
 * bank's funds in several postings; they take the ledger's accounts in one order, so neither waits for the other
 * while holding what the other waits for (PostgreSQL aborted one as a deadlock).
 */
const pg = testEngine === 'postgres';
let ctx: StripeTestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

const PRICE = 20_000;
const FEE = 1_500;

/** Stripe's report of a chargeback of the order's whole price, as the webhook hands it to the service. */
async function reportOf(
  orderId: string,
  status: ReportedChargeback['status'],
  fee: ReportedChargeback['fee'],
  funds: ReportedChargeback['funds'],
): Promise<ReportedChargeback> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const { priceCents: amountCents, currency } = order;
  const base = { id: `dp_${orderId}`, orderId, providerRef: order.providerRef!, amountCents, currency };
  return { ...base, reason: 'fraudulent', status, fee, funds };
}

describe('two chargeback decisions of two settled orders at once', () => {
  it.runIf(pg)('both apply, one after the other, and the ledger books both', async () => {
    // Won: Stripe gives back its fee and the funds it took at the opening (two postings, fee first).
    const won = await completedCardOrder(ctx, PRICE);
    const wonOpening = await reportOf(
      won.orderId,
      'open',
      { chargedCents: FEE, returnedCents: 0 },
      {
        withdrawnCents: PRICE,
        reinstatedCents: 0,
      },
    );
    expect(await recordChargeback(ordersContext(ctx.deps), wonOpening)).toBe('opened');
    // Lost: its opening listed no withdrawal, so the decision books the bank's amount (one posting, receivable first).
    const lost = await completedCardOrder(ctx, PRICE);
    const noFunds = { withdrawnCents: 0, reinstatedCents: 0 };
    const lostOpening = await reportOf(lost.orderId, 'open', { chargedCents: FEE, returnedCents: 0 }, noFunds);
    expect(await recordChargeback(ordersContext(ctx.deps), lostOpening)).toBe('opened');
    const before = await platformBalances(ctx);

    const wonReport = await reportOf(
      won.orderId,
      'won',
      { chargedCents: FEE, returnedCents: FEE },
      {
        withdrawnCents: PRICE,
        reinstatedCents: PRICE,
      },
    );
    const lostReport = await reportOf(lost.orderId, 'lost', { chargedCents: FEE, returnedCents: 0 }, noFunds);
    // The lost decision has taken its first ledger account when the won one is delivered on another process.
    let other: Promise<unknown> | undefined;
    interleave.arm(
      'ledger_accounts',
      async () => {
        other = recordChargeback(ordersContext(secondDeps), wonReport).catch((e: Error) => e.message);
        await atMost(other);
      },
      'update',
    );
    const here = await recordChargeback(ordersContext(ctx.deps), lostReport).catch((e: Error) => e.message);
    // Before, each held an account the other waited for: PostgreSQL aborted one ("deadlock detected"), a 500.
    expect([here, await other]).toEqual(['lost', 'won']);
    const after = await platformBalances(ctx);
    expect({
      receivable: after.receivable - before.receivable,
      expenses: after.expenses - before.expenses,
      clearing: after.clearing - before.clearing,
    }).toEqual({ receivable: PRICE - PRICE, expenses: FEE, clearing: PRICE - FEE - PRICE });
    const booked = await ctx.db
      .selectFrom('chargebacks')
      .select(['orderId', 'status', 'feeReturnedCents', 'withdrawnCents', 'reinstatedCents'])
      .where('orderId', 'in', [won.orderId, lost.orderId])
      .execute();
    expect(booked).toEqual(
      expect.arrayContaining([
        { orderId: won.orderId, status: 'won', feeReturnedCents: FEE, withdrawnCents: PRICE, reinstatedCents: PRICE },
        { orderId: lost.orderId, status: 'lost', feeReturnedCents: 0, withdrawnCents: PRICE, reinstatedCents: 0 },
      ]),
    );
  });
});
