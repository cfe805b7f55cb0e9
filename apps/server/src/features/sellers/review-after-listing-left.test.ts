import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { call, insertListing, partyWithSession, type Party } from '../../test/deal-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';

/**
 * Decision 081: the buyer of a completed order may rate its seller, once, within 30 days of completion, whatever the
 * seller (or a moderator) did to the listing since; decision 047 keeps a deleted listing's title on its reviews.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function completedSale() {
  const seller = await partyWithSession(ctx, 'seller');
  const buyer = await partyWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.id, {
    title: 'Radiant Valorant account',
    status: 'sold',
    soldAt: ctx.clock.now(),
  });
  const order = await insertOrderRow(ctx, { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id });
  return { seller, buyer, listing, orderId: order.id };
}

const review = (who: Party, listingId: string) =>
  call(ctx, who, 'POST', `/api/listings/${listingId}/reviews`, {
    rating: 1,
    comment: 'Took the account back after a week.',
  });

async function reviewOfBuyer(sale: Awaited<ReturnType<typeof completedSale>>) {
  const page = await call(ctx, sale.buyer, 'GET', `/api/orders/${sale.orderId}`);
  expect(page.body.canReview).toBe(true);
  const res = await review(sale.buyer, sale.listing.id);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const answered = await call(ctx, sale.seller, 'POST', `/api/reviews/${res.body.id as string}/reply`, {
    reply: 'The account was recovered by its first owner, not by me.',
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  const list = await call(ctx, sale.buyer, 'GET', `/api/sellers/${sale.seller.id}/reviews`);
  const [listed] = list.body.items as { id: string; listingTitle: string | null; reply: string | null }[];
  expect(listed).toMatchObject({ id: res.body.id, reply: 'The account was recovered by its first owner, not by me.' });
  return listed!;
}

async function strangerIsTold404(listingId: string) {
  const stranger = await partyWithSession(ctx, 'buyer');
  const res = await review(stranger, listingId);
  expect(res.status).toBe(404);
  expect(res.body.error?.message).toBe('Listing not found');
}

describe('rating the seller of a completed order whose listing left the site', () => {
  it('is not dodged by the seller deleting the sold listing, whose title the review keeps', async () => {
    const sale = await completedSale();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${sale.listing.id}`,
      headers: sale.seller.session.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await reviewOfBuyer(sale)).listingTitle).toBe('Radiant Valorant account');
    await strangerIsTold404(sale.listing.id);
  });

  it('is not refused because a moderator hid the listing, whose title the public list leaves out', async () => {
    const sale = await completedSale();
    const admin = await partyWithSession(ctx, 'admin');
    const hid = await call(ctx, admin, 'POST', `/api/admin/listings/${sale.listing.id}/hide`, {
      reason: 'Reported as recovered by the seller',
    });
    expect(hid.status, JSON.stringify(hid.body)).toBe(200);
    expect((await reviewOfBuyer(sale)).listingTitle).toBeNull();
    await strangerIsTold404(sale.listing.id);
  });
});
