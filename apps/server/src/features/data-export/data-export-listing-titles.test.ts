import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { openConversation, sendTextMessage } from '../../test/chat-api';
import { arrangeDeal, call, insertListing, type Party } from '../../test/deal-fixtures';
import { listingInput } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { newId } from '../../lib/ids';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

let lastIp = 0;
async function download(p: Party) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/data-export',
    payload: { password: TEST_PASSWORD },
    headers: p.session.headers,
    remoteAddress: `203.0.113.${++lastIp}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const retitle = async (seller: Party, listingId: string, title: string) =>
  expect((await call(ctx, seller, 'PUT', `/api/listings/${listingId}`, listingInput({ title }))).status).toBe(200);

/** A buyer's copy of their data names a listing as their chat does: by the title it showed them (decision 043). */
describe('the data export and a listing its seller withdrew and retitled', () => {
  it('gives the buyer the published title of its chat, order and review, and the seller their own', async () => {
    const deal = await arrangeDeal(ctx, { title: 'Diamond Valorant account' });
    const { seller, buyer } = deal;
    const chat = await openConversation(ctx.app, buyer.session.headers, deal.listing.id);
    expect((await sendTextMessage(ctx.app, buyer.session.headers, chat, 'Still for sale?')).statusCode).toBe(201);
    await insertOrderRow(ctx, {
      listingId: deal.listing.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      status: 'canceled',
    });
    expect(
      (await call(ctx, seller, 'POST', `/api/listings/${deal.listing.id}/status`, { status: 'draft' })).status,
    ).toBe(200);
    await retitle(seller, deal.listing.id, 'Notes to self: lowest price 80');

    // A sold one an admin hid, which its seller may still edit.
    ctx.clock.advance(1000);
    const sold = await insertListing(ctx, seller.id, { title: 'Radiant Valorant account', status: 'sold' });
    const order = await insertOrderRow(ctx, { listingId: sold.id, buyerId: buyer.id, sellerId: seller.id });
    const review = { rating: 5, comment: 'Smooth handover.', reply: null, repliedAt: null, createdAt: ctx.clock.now() };
    await ctx.db
      .insertInto('reviews')
      .values({ id: newId(), listingId: sold.id, sellerId: seller.id, buyerId: buyer.id, orderId: order.id, ...review })
      .execute();
    const admin = await userWithSession(ctx, 'admin');
    const hide = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${sold.id}/hide`,
      headers: admin.session.headers,
      payload: { reason: 'Screenshots do not match' },
    });
    expect(hide.statusCode).toBe(200);
    await retitle(seller, sold.id, 'Radiant account, screenshots redone');
    const own = await call(ctx, seller, 'GET', `/api/my/listings/${sold.id}`);
    const note = 'New screenshots from today.';
    const ask = { note, contentVersion: (own.body as { contentVersion: number }).contentVersion };
    expect((await call(ctx, seller, 'POST', `/api/listings/${sold.id}/review-request`, ask)).status).toBe(200);
    const askedAt = new Date(ctx.clock.now()).toISOString();

    const mine = await download(buyer);
    expect(mine.conversations.map((c: { listing: { title: string } }) => c.listing.title)).toEqual([
      'Diamond Valorant account',
    ]);
    const orderTitles = mine.orders.map((o: { listing: { title: string } }) => o.listing.title);
    expect(orderTitles).toEqual(['Diamond Valorant account', 'Radiant Valorant account']);
    expect(mine.reviews.written.map((r: { listing: string }) => r.listing)).toEqual(['Radiant Valorant account']);

    ctx.clock.advance(1000); // past the fixtures' listings, dated a few milliseconds ahead
    const theirs = await download(seller);
    expect(theirs.conversations.map((c: { listing: { title: string } }) => c.listing.title)).toEqual([
      'Notes to self: lowest price 80',
    ]);
    expect(theirs.orders.map((o: { listing: { title: string } }) => o.listing.title)).toEqual([
      'Notes to self: lowest price 80',
      'Radiant account, screenshots redone',
    ]);
    expect(theirs.reviews.received.map((r: { listing: string }) => r.listing)).toEqual([
      'Radiant account, screenshots redone',
    ]);
    // The seller's own words to the moderators are theirs to take too (decision 259).
    const hidden = theirs.listings.find((l: { id: string }) => l.id === sold.id);
    expect(hidden.reviewRequest).toEqual({ requestedAt: askedAt, note });
  });
});
