import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { confirmPayment, deliverOrder } from './orders.service';
import { recordChargeback } from './chargebacks.service';
import { arrangeDeal, orderUpTo } from './orders-test-helpers';
import { holdOf, paidAtTheProvider, STRIPE_SET_UP } from './chargebacks-test-helpers';

const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
}, STRIPE_SET_UP);

describe('a chargeback reported while the order moves', () => {
  // SQLite runs one write transaction at a time; PostgreSQL lets the seller's delivery run inside the webhook's.
  it.runIf(pg)(
    'holds the row before numbering its history entry, so a delivery in between waits and is refused',
    async () => {
      const deal = await arrangeDeal(ctx);
      const id = await orderUpTo(ctx, deal, 'paid');
      const seller = (await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', deal.seller.id)
        .executeTakeFirstOrThrow()) as AuthUser;
      const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // The seller delivers while the webhook's transaction is at the history: it must already hold the order's row, so
      // the delivery waits for it and then finds the order on hold (before, the two numbered the same history entry).
      let delivery: Promise<unknown> | undefined;
      interleave.arm('order_history', async () => {
        delivery = deliverOrder(ordersContext(secondDeps), seller, id, {
          login: 'ace',
          password: 'Hunter-22',
          emailAccess: '',
          recoveryCodes: '',
          notes: '',
        }).then(
          () => 'delivered',
          (e: Error & { statusCode?: number }) => e.statusCode,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const report = {
        id: `dp_${id}`,
        orderId: id,
        providerRef: order.providerRef as string,
        amountCents: order.priceCents,
        currency: 'USD',
        reason: 'fraudulent',
        status: 'open' as const,
        fee: { chargedCents: 0, returnedCents: 0 },
        funds: { withdrawnCents: 0, reinstatedCents: 0 },
      };
      expect(await recordChargeback(ordersContext(ctx.deps), report)).toBe('opened');
      expect(await delivery).toBe(409);
      const held = await ctx.db
        .selectFrom('orders')
        .select(['status', 'chargebackHoldSince'])
        .where('id', '=', id)
        .execute();
      expect(held).toEqual([{ status: 'paid', chargebackHoldSince: expect.any(Number) }]);
    },
  );
});

describe('a chargeback reported while its payment’s webhook lands', () => {
  it.runIf(pg)('recorded first: the payment waits for it, then lands paid and held', async () => {
    const { id, priceCents, report } = await paidAtTheProvider(ctx);
    // The chargeback holds the order's row at its history entry; the payment waits for it, then must see it.
    let payment: Promise<unknown> | undefined;
    interleave.arm('order_history', async () => {
      payment = confirmPayment(ordersContext(secondDeps), id, priceCents, report.providerRef);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await recordChargeback(ordersContext(ctx.deps), report)).toBe('opened');
    expect(await payment).toMatchObject({ status: 'paid', chargebackHoldSince: expect.any(Number) });
    expect(await holdOf(ctx, id)).toEqual([{ status: 'paid', chargebackHoldSince: expect.any(Number) }]);
  });

  it.runIf(pg)('paid first: the chargeback is refused (409) and held when the provider tries again', async () => {
    const { id, priceCents, report } = await paidAtTheProvider(ctx);
    // The payment holds the row; the chargeback read the order unpaid, so it may not land on the paid one unheld.
    let opening: Promise<unknown> | undefined;
    interleave.arm('order_history', async () => {
      opening = recordChargeback(ordersContext(secondDeps), report).catch((e: { statusCode?: number }) => e.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await confirmPayment(ordersContext(ctx.deps), id, priceCents, report.providerRef);
    expect(await opening).toBe(409);
    expect(await ctx.db.selectFrom('chargebacks').select('id').where('orderId', '=', id).execute()).toEqual([]);
    expect(await recordChargeback(ordersContext(ctx.deps), report)).toBe('opened');
    expect(await holdOf(ctx, id)).toEqual([{ status: 'paid', chargebackHoldSince: expect.any(Number) }]);
  });
});
