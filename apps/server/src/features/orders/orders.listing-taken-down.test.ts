import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, ledgerSnapshot, orderUpTo, useOrdersTestApp, type Party } from './orders-test-helpers';

/**
 * An admin who hides a listing takes it off the site for now: buy-now refuses it. An order started before, still
 * unpaid, must not take the buyer's money for it either (the seller could deliver and be paid for a listing the
 * moderators hold back): paying is refused until the order expires, or the listing is shown again. An admin's delete
 * cancels such an order outright (`orders.listing-removed.test.ts`).
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  ctx = c;
  admin = a;
});

const GONE = 'This listing was taken off the site, so this order cannot be paid. Cancel it; nothing was charged.';

const orderRow = (id: string) =>
  ctx.db.selectFrom('orders').select(['status', 'paidAt']).where('id', '=', id).executeTakeFirstOrThrow();

describe('paying an order whose listing an admin took off the site', () => {
  it('is refused once the listing is hidden, and no money moves', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const hide = await call(ctx, admin, 'POST', `/api/admin/listings/${deal.listing.id}/hide`, { reason: 'Reported' });
    expect(hide.status).toBe(200);
    const before = await ledgerSnapshot(ctx);
    const paid = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`);
    expect({ status: paid.status, message: paid.body.error?.message }).toEqual({ status: 409, message: GONE });
    expect(await orderRow(id)).toEqual({ status: 'pending_payment', paidAt: null });
    expect(await ledgerSnapshot(ctx)).toEqual(before);
  });

  it('is paid once an admin shows the listing again', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const url = `/api/admin/listings/${deal.listing.id}`;
    expect((await call(ctx, admin, 'POST', `${url}/hide`, { reason: 'Checking a report' })).status).toBe(200);
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(409);
    expect((await call(ctx, admin, 'POST', `${url}/unhide`)).status).toBe(200);
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(200);
    expect((await orderRow(id)).status).toBe('paid');
  });
});
