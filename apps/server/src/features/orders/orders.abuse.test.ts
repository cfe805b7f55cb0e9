import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { UNPAID_ORDERS_PER_SELLER_PER_DAY as PER_DAY } from '@accountry/shared/order-state';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, insertListing, orderUpTo, type Party, useOrdersTestApp } from './orders-test-helpers';

let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const listingStatus = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('holding listings without paying', () => {
  it('stops at three unpaid orders per buyer, and a canceled one makes room', async () => {
    const deal = await arrangeDeal(ctx);
    const listings = [deal.listing, ...(await Promise.all([1, 2, 3].map(() => insertListing(ctx, deal.seller.id))))];
    const orders: string[] = [];
    for (const l of listings.slice(0, 3)) {
      const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: l.id });
      expect(res.status).toBe(201);
      orders.push(res.body.id as string);
    }
    const fourth = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: listings[3].id });
    expect(fourth).toMatchObject({
      status: 409,
      body: { error: { message: 'You have 3 unpaid orders. Pay or cancel one of them before starting another.' } },
    });
    expect(await listingStatus(listings[3].id)).toBe('active');

    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${orders[0]}/cancel`, {})).status).toBe(200);
    expect((await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: listings[3].id })).status).toBe(201);
  });

  it('stops a buyer starting and canceling orders with one seller over and over: each cancel mailed the seller', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 1_000 });
    const sellerMails = async () =>
      (await ctx.db.selectFrom('mailOutbox').select('id').where('to', '=', deal.seller.email).execute()).length;
    const before = await sellerMails();
    for (let i = 0; i < PER_DAY; i++) {
      const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${order.body.id}/cancel`, {})).status).toBe(200);
      ctx.clock.advance(60_000);
    }
    expect(await sellerMails()).toBe(before + PER_DAY);
    const refused = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    const wait = 24 * 3_600_000 - PER_DAY * 60_000;
    expect([refused.status, refused.body.error?.message]).toEqual([429, M.tooManyUnpaidWithSeller(wait)]);
    expect(M.tooManyUnpaidWithSeller(wait)).toBe(
      `You started ${PER_DAY} orders with this seller in 24 hours without paying them. Try again in 24 hours.`,
    );
    expect(await listingStatus(deal.listing.id)).toBe('active');
    expect(await sellerMails()).toBe(before + PER_DAY);
    // Another seller's listing is not held back by it; and a day after the first, this seller's is not either.
    const other = await arrangeDeal(ctx, { priceCents: 1_000 });
    const elsewhere = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: other.listing.id });
    expect(elsewhere.status).toBe(201);
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${elsewhere.body.id}/cancel`, {})).status).toBe(200);
    ctx.clock.advance(wait);
    expect((await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id })).status).toBe(201);
  });

  it('counts only unpaid orders: paid ones do not hold the buyer back', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 1_000 });
    await orderUpTo(ctx, deal, 'paid');
    for (let i = 0; i < 3; i++) {
      const l = await insertListing(ctx, deal.seller.id, { priceCents: 1_000 });
      expect((await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: l.id })).status).toBe(201);
    }
  });
});

describe('a seller who cannot deliver', () => {
  it('sells nothing while their account is disabled', async () => {
    const deal = await arrangeDeal(ctx);
    // Straight in the database: even a listing the disabling did not hide is refused.
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', deal.seller.id).execute();
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(res).toMatchObject({
      status: 409,
      body: { error: { message: 'This listing is not available for purchase.' } },
    });
    expect(await listingStatus(deal.listing.id)).toBe('active');
  });
});

describe('disputes', () => {
  it('can be opened once: an admin’s decision is final', async () => {
    const deal = await arrangeDeal(ctx, { protectionDays: 14 });
    const id = await orderUpTo(ctx, deal, 'protection');
    const reason = 'The seller took the account back after two days.';
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
    const released = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: 'The login history shows the buyer changed the password.',
    });
    expect(released.body).toMatchObject({ status: 'protection' });
    const view = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(view.body.actions).not.toContain('dispute');
    const again = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, {
      reason: 'It still does not work.',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: 'An admin has already decided a dispute about this order. The decision is final.' } },
    });
    expect((await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`)).body.status).toBe('protection');
  });
});
