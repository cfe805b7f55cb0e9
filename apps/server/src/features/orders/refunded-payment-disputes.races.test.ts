import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import { PLATFORM_EXPENSE, balanceOf } from '../../lib/ledger';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { createUser, testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import type { ReportedChargeback } from './payment-provider';
import { recordRefundedPaymentDispute } from './refunded-payment-disputes.service';
import { insertRefundOwed, unpayableRefundKey } from './stripe-refunds.repository';
import { expectLedgerHealthy } from './orders-test-helpers';
import { atMost, cardOrderWithChargeback, STRIPE_SET_UP, statusCodeOf } from './chargebacks-test-helpers';

/** Decision 244: two reports of one dispute of a refunded payment at once (PostgreSQL runs them side by side). */
const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let second: AppDeps['db'];
useRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
}, STRIPE_SET_UP);
const other = () => ordersContext({ ...ctx.deps, db: second });
const here = () => ordersContext(ctx.deps);
const FEE = 1_500;

/** A paid card order, a second payment of it whose refund is owed here, and the report of its bank's dispute. */
async function secondPaymentDisputed() {
  const { id, priceCents } = await cardOrderWithChargeback(ctx, 'paid');
  const paymentRef = `cs_second_${id}`;
  const refund = { orderId: id, sessionId: paymentRef, amountCents: priceCents, createdAt: ctx.clock.now() };
  await insertRefundOwed(ctx.db, { ...refund, idempotencyKey: unpayableRefundKey(id, paymentRef) });
  const report: ReportedChargeback = {
    id: `dp_second_${id}`,
    orderId: id,
    providerRef: paymentRef,
    amountCents: priceCents,
    currency: 'USD',
    reason: 'duplicate',
    status: 'open',
    fee: { chargedCents: FEE, returnedCents: 0 },
    funds: { withdrawnCents: priceCents, reinstatedCents: 0 },
  };
  return { id, priceCents, report };
}

const rowOf = (id: string) =>
  ctx.db
    .selectFrom('refundedPaymentDisputes')
    .select(['status', 'feeCents', 'withdrawnCents', 'reinstatedCents'])
    .where('id', '=', id)
    .execute();

describe('reports of one dispute of a refunded payment at once', () => {
  it.runIf(pg)('a decision while its opening is being recorded waits for it, then closes it', async () => {
    const { priceCents, report } = await secondPaymentDisputed();
    const expenses = await balanceOf(ctx.db, PLATFORM_EXPENSE);
    // The opening has inserted the row (uncommitted) and books the fee when the decision comes on another process.
    let decision: Promise<unknown> | undefined;
    interleave.arm('refunded_payment_disputes', async () => {
      decision = recordRefundedPaymentDispute(other(), { ...report, status: 'lost' }).catch(statusCodeOf);
      await atMost(decision);
    });
    expect(await recordRefundedPaymentDispute(here(), report)).toBe('opened');
    expect(await decision).toBe('lost');
    expect(await rowOf(report.id)).toEqual([
      { status: 'lost', feeCents: FEE, withdrawnCents: priceCents, reinstatedCents: 0 },
    ]);
    // Stripe's fee and the funds, each booked once.
    expect(await balanceOf(ctx.db, PLATFORM_EXPENSE)).toBe(expenses - FEE - priceCents);
    await expectLedgerHealthy(ctx);
  });

  it.runIf(pg)('a repeated opening waits for the first and books nothing more', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const { priceCents, report } = await secondPaymentDisputed();
    const expenses = await balanceOf(ctx.db, PLATFORM_EXPENSE);
    let again: Promise<unknown> | undefined;
    interleave.arm('refunded_payment_disputes', async () => {
      again = recordRefundedPaymentDispute(other(), report).catch(statusCodeOf);
      await atMost(again);
    });
    expect(await recordRefundedPaymentDispute(here(), report)).toBe('opened');
    expect(await again).toBe('duplicate');
    expect(await rowOf(report.id)).toEqual([
      { status: 'open', feeCents: FEE, withdrawnCents: priceCents, reinstatedCents: 0 },
    ]);
    expect(await balanceOf(ctx.db, PLATFORM_EXPENSE)).toBe(expenses - FEE - priceCents);
    // The admin is mailed once, by the opening that recorded it.
    const mails = await ctx.db.selectFrom('mailOutbox').select('subject').where('to', '=', admin.email).execute();
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^A refunded second payment was disputed: /)]);
    await expectLedgerHealthy(ctx);
  });
});
