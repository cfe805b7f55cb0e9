import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { deliverOrder } from './orders.service';
import { recordChargeback } from './chargebacks.service';
import { arrangeDeal, orderUpTo } from './orders-test-helpers';

const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

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
        reason: 'fraudulent',
        status: 'open' as const,
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
