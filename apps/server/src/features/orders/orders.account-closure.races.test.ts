import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { AppDeps } from '../../app';
import { ESCROW, availableAccount } from '../../lib/ledger';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { asTwoProcesses, createPeerApp, createUser, signInAs, testEngine, type TestContext } from '../../test/test-app';
import { disableUser } from '../admin/admin-users.service';
import { ordersContext } from './orders-context';
import { payOrder } from './orders.service';
import { arrangeDeal, balance, expectLedgerHealthy, orderUpTo } from './orders-test-helpers';
import { ledgerOf, orderRow } from './account-closure-test-helpers';

// Waiting on another connection's row lock needs two connections that really run at once: PostgreSQL.
const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
let admin: AuthUser;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin' });
});
afterEach(() => expectLedgerHealthy(ctx));

const REASON = 'Fraud: took payments and never delivered';
const buyerOf = (deal: Awaited<ReturnType<typeof arrangeDeal>>) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', deal.buyer.id).executeTakeFirstOrThrow();
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (e: Error) => e.message,
  );

/** Whatever the interleaving: canceled unpaid, or paid then refunded in full; never paid with the seller gone. */
async function expectNoMoneyHeld(deal: Awaited<ReturnType<typeof arrangeDeal>>, orderId: string, paid: boolean) {
  expect((await orderRow(ctx, orderId)).status).toBe('canceled');
  expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
  const buyer = deal.buyer.id;
  expect(await ledgerOf(ctx, orderId)).toEqual(
    paid
      ? [
          ['order_payment', buyer],
          ['order_refund', admin.id],
        ]
      : [],
  );
}

describe('the buyer paying while an admin disables the seller', () => {
  it('a payment that checked the seller just before the disabling is refused; nothing is charged', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const buyer = await buyerOf(deal);
    // payOrder has read the order and found the seller active; the admin disables them on another connection now.
    interleave.arm('users', () => disableUser(secondDeps, admin, deal.seller.id, REASON).then(() => undefined));
    const paying = await outcome(payOrder(ordersContext(ctx.deps), buyer, id));
    expect(paying).toBe(M.stateChanged);
    await expectNoMoneyHeld(deal, id, false);
  });

  it.runIf(pg)('a payment made while the disabling holds the orders waits for it, then is refused', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const buyer = await buyerOf(deal);
    let paying: Promise<string> | undefined;
    // The disabling has locked the seller's open orders; the buyer pays on another connection meanwhile.
    interleave.arm('orders', async () => {
      paying = outcome(payOrder(ordersContext(secondDeps), buyer, id));
      await untilLockWaitOr(ctx.db, paying);
    });
    await disableUser(ctx.deps, admin, deal.seller.id, REASON);
    expect(await paying).toBe(M.stateChanged);
    await expectNoMoneyHeld(deal, id, false);
  });

  it.runIf(pg)('a payment being written when the admin disables the seller is refunded once it lands', async () => {
    const escrow = await balance(ctx, ESCROW);
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const buyer = await buyerOf(deal);
    let disabling: Promise<string> | undefined;
    // The payment has moved the order to paid but not committed; the admin disables the seller meanwhile.
    interleave.arm('order_history', async () => {
      disabling = outcome(disableUser(secondDeps, admin, deal.seller.id, REASON));
      await untilLockWaitOr(ctx.db, disabling);
    });
    expect(await outcome(payOrder(ordersContext(ctx.deps), buyer, id))).toBe('done');
    expect(await disabling).toBe('done');
    await expectNoMoneyHeld(deal, id, true);
    expect(await balance(ctx, ESCROW)).toBe(escrow);
  });

  it('two processes, paying and disabling at once, end canceled unpaid or paid and refunded', async () => {
    const peer = await createPeerApp(ctx);
    try {
      for (const payFirst of [true, false]) {
        const deal = await arrangeDeal(ctx);
        const id = await orderUpTo(ctx, deal, 'pending_payment');
        const adminSession = await signInAs(ctx, admin.id);
        const pay = () =>
          ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/pay`, headers: deal.buyer.session.headers });
        const disable = () =>
          peer.app.inject({
            method: 'POST',
            url: `/api/admin/users/${deal.seller.id}/disable`,
            headers: adminSession.headers,
            payload: { reason: REASON },
          });
        const [paid, disabled] = payFirst
          ? await asTwoProcesses([pay, disable])
          : await asTwoProcesses([disable, pay]).then(([d, p]) => [p!, d!]);
        expect(disabled!.statusCode).toBe(200);
        expect([200, 409]).toContain(paid!.statusCode);
        await expectNoMoneyHeld(deal, id, paid!.statusCode === 200);
      }
    } finally {
      await peer.close();
    }
  });
});
