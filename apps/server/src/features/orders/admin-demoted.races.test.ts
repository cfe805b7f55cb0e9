import { describe, expect, it } from 'vitest';
import { ORDER_ROUTES, orderPath } from '@accountry/shared/orders';
import type { AppDeps } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import { actAsDemotedAdmin } from '../../test/admin-demotion';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { signInAs, testEngine, userWithSession } from '../../test/test-app';
import { changeRole } from '../admin/admin-users.service';
import { atMost, orderCalls } from './chargebacks-test-helpers';
import { sellerWithOpenPayout } from './orders-test-helpers';
import { refusedRefundOrder } from './refused-refunds-test-helpers';
import { decidedOnCompleted } from './settled-chargeback-test-helpers';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import { cardPaidOrder, type StripeTestContext } from './stripe-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/**
 * An admin's money action re-reads the acting admin's role inside its transaction: one whose role another admin took
 * away after the request's guard passed is refused with the guard's 403, and nothing moves.
 */
let ctx: StripeTestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
let second: DatabaseHandle;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

const pg = testEngine === 'postgres';
const FORBIDDEN = 'You do not have permission to do this.';

/** What an action may change: the ledger, the audit log, and the state of what it acts on. */
async function moneyState(ctx: StripeTestContext) {
  const count = async (table: 'ledgerEntries' | 'auditLog') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    entries: await count('ledgerEntries'),
    audits: await count('auditLog'),
    orders: await ctx.db.selectFrom('orders').select(['id', 'status', 'refundedCents']).orderBy('id').execute(),
    payouts: await ctx.db.selectFrom('payouts').select(['id', 'status']).orderBy('id').execute(),
    refunds: await ctx.db
      .selectFrom('stripeRefunds')
      .select(['idempotencyKey', 'status'])
      .orderBy('createdAt')
      .execute(),
    recovered: await ctx.db.selectFrom('chargebacks').select(['id', 'recoveredCents']).orderBy('id').execute(),
  };
}

/** A disputed card order: its refund decision moves the price from escrow back to the card. */
async function disputedCardOrder() {
  const deal = await cardPaidOrder(ctx, 10_000);
  const { deliver, post } = orderCalls(() => ctx);
  expect((await deliver(deal.seller.session.headers, deal.orderId)).statusCode).toBe(200);
  const disputed = await post(deal.buyer.session.headers, `/api/orders/${deal.orderId}/dispute`, {
    reason: 'The seller took the account back after two days.',
  });
  expect(disputed.statusCode).toBe(200);
  return deal.orderId;
}

/** Each admin money action: what it needs, and its request. */
const actions: Record<string, () => Promise<{ method: 'POST'; url: string; payload: object }>> = {
  'a dispute decided with a refund': async () => ({
    method: 'POST',
    url: orderPath(ORDER_ROUTES.adminDecision, { id: await disputedCardOrder() }),
    payload: { outcome: 'refund', reason: 'The credentials never worked.' },
  }),
  'a payout marked sent': async () => ({
    method: 'POST',
    url: `/api/admin/payouts/${(await sellerWithOpenPayout(ctx, 5_000)).id}/paid`,
    payload: { reference: 'TRF-2026-0001' },
  }),
  'a balance credit': async () => ({
    method: 'POST',
    url: `/api/admin/users/${(await userWithSession(ctx, 'seller')).user.id}/balance-credits`,
    payload: { amountCents: 2_500, reason: 'A goodwill credit for the outage.', requestId: newCreditRequestId() },
  }),
  'a chargeback recovered': async () => ({
    method: 'POST',
    url: orderPath(ORDER_ROUTES.adminChargebackRecovery, { id: (await decidedOnCompleted(ctx, 20_000)).orderId }),
    payload: { amountCents: 5_000 },
  }),
  'a refused refund retried at Stripe': async () => {
    const { orderId, refundKey } = await refusedRefundOrder(ctx);
    return { method: 'POST', url: orderPath(ORDER_ROUTES.adminRefundRetry, { id: orderId }), payload: { refundKey } };
  },
  'a refused refund recorded as paid back': async () => {
    const { orderId, refundKey } = await refusedRefundOrder(ctx);
    return {
      method: 'POST',
      url: orderPath(ORDER_ROUTES.adminRefundSettlement, { id: orderId }),
      payload: { refundKey, reference: 'SEPA transfer 2026-11-30' },
    };
  },
};

describe('an admin demoted while their money action is on its way', () => {
  for (const [name, arrange] of Object.entries(actions)) {
    it(`${name}: refused (403) when the demotion committed after the guard, and nothing moves`, async () => {
      const request = await arrange();
      const acting = await userWithSession(ctx, 'admin');
      const other = (await userWithSession(ctx, 'admin')).user as AuthUser;
      const before = await moneyState(ctx);
      // A fresh session, read from the database: the guard passes on it, then another admin takes the role away.
      const headers = (await signInAs(ctx, acting.user.id)).headers;
      interleave.arm('sessions', async () => {
        await changeRole(secondDeps, other, acting.user.id, 'buyer');
      });
      const res = await ctx.app.inject({ ...request, headers });
      expect({ status: res.statusCode, message: res.json().error?.message }).toEqual({
        status: 403,
        message: FORBIDDEN,
      });
      // Only the demotion's own audit entry and mail were written.
      const after = await moneyState(ctx);
      expect({ ...after, audits: after.audits - 1 }).toEqual(before);
    });
  }
});

describe('an admin demoted while their money action runs', () => {
  // PostgreSQL runs both at once; SQLite runs one write transaction at a time.
  for (const [name, arrange] of Object.entries(actions)) {
    it.runIf(pg)(`${name}: waits for the demotion being written, then is refused (403)`, async () => {
      const request = await arrange();
      const acting = await userWithSession(ctx, 'admin');
      const other = (await userWithSession(ctx, 'admin')).user as AuthUser;
      const before = await moneyState(ctx);
      const headers = (await signInAs(ctx, acting.user.id)).headers;
      // The demotion holds the admins' rows when the action's request comes: the guard still reads the role it had.
      let action: Promise<{ statusCode: number; json: () => { error?: { message: string } } }> | undefined;
      interleave.arm('users', async () => {
        action = ctx.app.inject({ ...request, headers });
        await atMost(action);
      });
      await changeRole(ctx.deps, other, acting.user.id, 'buyer');
      const res = await action!;
      // Before, the action read the role as committed (still admin) and moved the money after the demotion.
      expect({ status: res.statusCode, message: res.json().error?.message }).toEqual({
        status: 403,
        message: FORBIDDEN,
      });
      const after = await moneyState(ctx);
      expect({ ...after, audits: after.audits - 1 }).toEqual(before);
    });
  }
});

describe('an admin demoted between their money action’s re-read of the role and its first write', () => {
  // SQLite fails the action's first write as stale (decision 219); PostgreSQL's re-read holds the row, as above.
  for (const [name, arrange] of Object.entries(actions)) {
    it.runIf(!pg)(`${name}: answered as the guard’s 403, not a 500, and nothing moves`, async () => {
      const request = await arrange();
      const before = await moneyState(ctx);
      const outcome = await actAsDemotedAdmin({ ctx, interleave, second }, request, 'after the re-read');
      expect(outcome).toEqual({ status: 403, message: FORBIDDEN });
      const after = await moneyState(ctx);
      expect({ ...after, audits: after.audits - 1 }).toEqual(before);
    });
  }
});
