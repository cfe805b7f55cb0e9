import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test/test-app';
import { statementCounter } from '../../test/statement-counter';
import { ordersContext } from './orders-context';
import { adminOrderPage } from './order-views';
import { useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { completedCardOrder, decidedOnCompleted } from './settled-chargeback-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/**
 * Decision 183: the admin orders list says of each order what is left to recover of its lost chargeback, in the list's
 * one statement; the members' own lists never carry it.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 20_000;
type Row = { id: string; chargebackToRecoverCents?: number | null };
const get = (headers: Record<string, string>, url: string) => ctx.app.inject({ method: 'GET', url, headers });

async function rows(headers: Record<string, string>, url: string) {
  const res = await get(headers, url);
  expect(res.statusCode).toBe(200);
  const items = res.json<{ items: Row[] }>().items;
  return new Map(items.map((o) => [o.id, o]));
}

describe('what is left to recover, in the admin orders list', () => {
  it('is the lost chargeback less what was recovered, null without one, and only for admins', async () => {
    const won = await decidedOnCompleted(ctx, PRICE, 'won');
    const plain = await completedCardOrder(ctx, PRICE);
    const lost = await decidedOnCompleted(ctx, PRICE);
    // Each order takes weeks of the test clock: everyone signs in again for the looks.
    const admin = (await signInAs(ctx, won.admin.user.id)).headers;

    const recovered = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${lost.orderId}/chargeback-recovery`,
      headers: admin,
      payload: { amountCents: 5_000 },
    });
    expect(recovered.statusCode).toBe(200);

    const all = await rows(admin, '/api/admin/orders');
    expect(all.get(lost.orderId)?.chargebackToRecoverCents).toBe(PRICE - 5_000);
    // Stripe gave a won chargeback's funds back; an order without one has nothing to recover.
    expect(all.get(won.orderId)?.chargebackToRecoverCents).toBeNull();
    expect(all.get(plain.orderId)?.chargebackToRecoverCents).toBeNull();
    const toRecover = await rows(admin, '/api/admin/orders?status=chargeback_to_recover');
    expect([...toRecover.values()]).toEqual([
      expect.objectContaining({ id: lost.orderId, chargebackToRecoverCents: PRICE - 5_000 }),
    ]);
    // Still one statement a page.
    const counter = statementCounter();
    const orders = ordersContext(ctx.deps);
    const db = { ...ctx.deps.db, db: ctx.deps.db.db.withPlugin(counter.plugin) };
    const page = await adminOrderPage({ ...orders, deps: { ...ctx.deps, db } }, { status: 'all' }, undefined, 20);
    expect(page.items.find((o) => o.id === lost.orderId)?.chargebackToRecoverCents).toBe(PRICE - 5_000);
    expect(counter.count).toBe(1);

    // The buyer's purchases and the seller's sales list the order without it.
    const buyer = (await signInAs(ctx, lost.buyer.user.id)).headers;
    const seller = (await signInAs(ctx, lost.seller.user.id)).headers;
    const bought = (await rows(buyer, '/api/orders?side=purchases')).get(lost.orderId);
    const sold = (await rows(seller, '/api/orders?side=sales')).get(lost.orderId);
    expect(bought?.id).toBe(lost.orderId);
    expect(sold?.id).toBe(lost.orderId);
    expect(bought).not.toHaveProperty('chargebackToRecoverCents');
    expect(sold).not.toHaveProperty('chargebackToRecoverCents');

    // Recovered in full, nothing is left to show.
    const credit = { amountCents: 10_000, reason: 'Bank transfer from the seller', requestId: newCreditRequestId() };
    const credited = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${lost.seller.user.id}/balance-credits`,
      headers: admin,
      payload: credit,
    });
    expect(credited.statusCode).toBe(200);
    const rest = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${lost.orderId}/chargeback-recovery`,
      headers: admin,
      payload: { amountCents: PRICE - 5_000 },
    });
    expect(rest.statusCode).toBe(200);
    expect((await rows(admin, '/api/admin/orders')).get(lost.orderId)?.chargebackToRecoverCents).toBeNull();
  });
});
