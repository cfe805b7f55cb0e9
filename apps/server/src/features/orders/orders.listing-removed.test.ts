import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  call,
  ledgerSnapshot,
  listingChat,
  orderUpTo,
  sweep,
  useOrdersTestApp,
  type Party,
} from './orders-test-helpers';

/**
 * Decision 043: an admin who deletes a listing ends its unpaid orders with it. Left awaiting payment, such an order
 * kept the listing's Stripe page payable, and a payment made there was refunded at once with Stripe keeping its fee.
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  ctx = c;
  admin = a;
});

const H = 3_600_000;
const adminDelete = (listingId: string) =>
  call(ctx, admin, 'POST', `/api/admin/listings/${listingId}/delete`, { reason: 'Reported as stolen' });
const orderOf = async (who: Party, id: string) => (await call(ctx, who, 'GET', `/api/orders/${id}`)).body;
const subjectsTo = async (email: string) => (await ctx.mailsTo(email)).map((m) => m.subject);

describe("an admin's delete of a listing with an unpaid order", () => {
  it('cancels the order, says why in the history, the chat and a mail to the buyer, and moves no money', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const before = await ledgerSnapshot(ctx);
    const sellerSubjects = await subjectsTo(deal.seller.email);
    expect((await adminDelete(deal.listing.id)).status).toBe(200);

    const order = await orderOf(deal.buyer, id);
    expect(order.status).toBe('canceled');
    expect((order.history as Array<Record<string, unknown>>).at(-1)).toMatchObject({
      from: 'pending_payment',
      to: 'canceled',
      actorKind: 'admin',
      reason: 'An admin removed the listing from Accountry.',
    });
    const line = 'An admin removed the listing, so the unpaid order was canceled. Nothing was charged.';
    expect((await listingChat(ctx, deal.listing.id, deal.buyer.id)).at(-1)).toBe(line);
    const toBuyer = (await ctx.mailsTo(deal.buyer.email)).filter((m) => m.subject.startsWith('Order canceled:'));
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain(line);
    // The seller hears of the delete itself, not of an order canceled.
    expect(
      (await subjectsTo(deal.seller.email)).slice(sellerSubjects.length).filter((s) => s.startsWith('Order canceled')),
    ).toEqual([]);
    expect(await ledgerSnapshot(ctx)).toEqual(before);

    const pay = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`);
    expect([pay.status, pay.body.error?.message]).toEqual([409, 'This order can no longer be paid.']);
  });

  it('cancels the order of a listing an admin had hidden first', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const url = `/api/admin/listings/${deal.listing.id}`;
    expect((await call(ctx, admin, 'POST', `${url}/hide`, { reason: 'Checking a report' })).status).toBe(200);
    expect((await adminDelete(deal.listing.id)).status).toBe(200);
    expect((await orderOf(deal.buyer, id)).status).toBe('canceled');
  });

  it('leaves a paid order to go on', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    expect((await adminDelete(deal.listing.id)).status).toBe(200);
    expect((await orderOf(deal.buyer, id)).status).toBe('paid');
  });

  it('closes the offer the order was bought at, so nothing says later that the listing stays on sale', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const made = await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 7_000 });
    const offerId = made.body.id as string;
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${offerId}/accept`)).status).toBe(200);
    const bought = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, offerId });
    expect(bought.status).toBe(201);
    expect((await adminDelete(deal.listing.id)).status).toBe(200);

    expect((await orderOf(deal.buyer, bought.body.id as string)).status).toBe('canceled');
    const offer = await ctx.db
      .selectFrom('offers')
      .select('status')
      .where('id', '=', offerId)
      .executeTakeFirstOrThrow();
    expect(offer.status).toBe('closed');
    ctx.clock.advance(25 * H);
    await sweep(ctx);
    expect((await subjectsTo(deal.seller.email)).filter((s) => s.includes('was not bought'))).toEqual([]);
  });
});
