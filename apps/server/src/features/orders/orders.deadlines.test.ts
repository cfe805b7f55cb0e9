import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS, deliveryDeadlineMs } from '@accountry/shared/order-state';
import type { TestContext } from '../../test/test-app';
import { availableAccount } from '../../lib/ledger';
import { arrangeDeal, balance, call, ledgerSnapshot, orderUpTo, sweep, useOrdersTestApp } from './orders-test-helpers';

/**
 * A deadline is what the parties were told: "if nothing has arrived by then, the order is canceled and the buyer is
 * refunded"; an unpaid order ends when its payment window does. The sweep applies them every half minute or so, so a
 * move made between the deadline and the sweep's next round must not change the outcome the rules already decided.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const DELIVERY_CLOSED = 'The time to deliver this order has passed, so it will be canceled and the buyer refunded.';
const NOT_PAYABLE = 'This order can no longer be paid.';
const credentials = { login: 'valorant_king', password: 'S3cret-pass!' };

const orderRow = (id: string) =>
  ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();

describe('a move made after its deadline, before the sweep applied it', () => {
  it('a delivery after the delivery deadline is refused, and the sweep then refunds the buyer', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    ctx.clock.advance(deliveryDeadlineMs('instant') + 1);
    const late = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, { credentials });
    expect({ status: late.status, message: late.body.error?.message }).toEqual({
      status: 409,
      message: DELIVERY_CLOSED,
    });
    // The order page no longer offers it.
    const page = await call(ctx, deal.seller, 'GET', `/api/orders/${id}`);
    expect(page.body.actions).toEqual([]);
    await sweep(ctx);
    expect((await orderRow(id)).status).toBe('canceled');
    // Refunded in full: the buyer's balance is what it was before buying.
    expect(await balance(ctx, availableAccount(deal.buyer.id))).toBe(50_000);
    const order = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(order.body.deliveredAt).toBeNull();
  });

  it('a delivery just before the deadline is taken', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    ctx.clock.advance(deliveryDeadlineMs('instant') - 1);
    expect((await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, { credentials })).status).toBe(200);
    expect((await orderRow(id)).status).toBe('delivered');
  });

  it('paying after the payment window is refused and moves no money; the sweep then expires the order', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    ctx.clock.advance(PAYMENT_WINDOW_MS + 1);
    const before = await ledgerSnapshot(ctx);
    const late = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`);
    expect({ status: late.status, message: late.body.error?.message }).toEqual({ status: 409, message: NOT_PAYABLE });
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    const page = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(page.body.actions).toEqual(['cancel']);
    await sweep(ctx);
    expect((await orderRow(id)).status).toBe('expired');
  });
});
