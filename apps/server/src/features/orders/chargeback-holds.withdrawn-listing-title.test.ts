import { describe, expect, it } from 'vitest';
import { listingInput, setListingStatus } from '../../test/listing-fixtures';
import type { Session } from '../../test/test-app';
import { call, fund, withPayoutDetails, type Party } from './orders-test-helpers';
import { cardPaidOrder, openChargeback, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 043: the buyer's wallet names an order's listing with the title the listing last showed buyers, never words
 * its seller wrote after withdrawing it: its chargeback holds, and the payout refusal built from them, too.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const WITHDRAWN = 'Private notes: reseller price floor 50';
const partyOf = (p: { user: { id: string }; session: Session }): Party => ({ id: p.user.id, session: p.session });

/** A card order refunded in full, its listing then withdrawn and retitled, then charged back: the buyer owes it. */
async function buyerOwesChargebackOnRetitledListing() {
  const deal = await cardPaidOrder(ctx, 9_000);
  const buyer = partyOf(deal.buyer);
  expect((await call(ctx, buyer, 'POST', `/api/orders/${deal.orderId}/cancel`, { reason: '' })).status).toBe(200);
  const headers = deal.seller.session.headers;
  expect((await setListingStatus(ctx, headers, deal.listing.id, 'draft')).statusCode).toBe(200);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/listings/${deal.listing.id}`,
    headers,
    payload: listingInput({ title: WITHDRAWN, priceCents: 9_000 }),
  });
  expect(put.statusCode, put.body).toBe(200);
  await openChargeback(ctx, deal.intent);
  // The order page names it as published.
  const published = deal.listing.title;
  expect((await call(ctx, buyer, 'GET', `/api/orders/${deal.orderId}`)).body.listingTitle).toBe(published);
  return { ...deal, buyer, published };
}

describe("a buyer's chargeback hold on an order whose listing was then withdrawn and retitled", () => {
  it("names the published title in the buyer's wallet (GET /api/wallet chargebackHolds)", async () => {
    const { buyer, orderId, published } = await buyerOwesChargebackOnRetitledListing();
    const wallet = (await call(ctx, buyer, 'GET', '/api/wallet')).body;
    expect(wallet.chargebackHolds).toMatchObject([{ orderId, listingTitle: published }]);
  });

  it('names the published title in the refusal of a payout the hold keeps back', async () => {
    const { buyer } = await buyerOwesChargebackOnRetitledListing();
    // A buyer who sells too, with money of their own.
    await ctx.db.updateTable('users').set({ role: 'both' }).where('id', '=', buyer.id).execute();
    await withPayoutDetails(ctx, buyer);
    await fund(ctx, buyer.id, 12_000);
    const refused = await call(ctx, buyer, 'POST', '/api/wallet/payouts', { amountCents: 12_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).not.toContain(WITHDRAWN);
  });
});
