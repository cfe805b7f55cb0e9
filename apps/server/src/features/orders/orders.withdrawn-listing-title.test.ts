import { describe, expect, it } from 'vitest';
import { listingInput, setListingStatus } from '../../test/listing-fixtures';
import { signInAs, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, useOrdersTestApp, type Party } from './orders-test-helpers';

/**
 * An order shows its buyer the title its listing last showed buyers (decision 043): once the order has ended, the
 * seller may withdraw the listing and write there words no buyer was shown.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const PUBLISHED = 'Level 80 raid-ready account';
const WITHDRAWN = 'Private notes: reseller price floor 50';

/** An order the buyer paid and canceled (refunded), then its listing withdrawn by its seller and retitled. */
async function endedThenRetitled() {
  const deal = await arrangeDeal(ctx, { title: PUBLISHED });
  const id = await orderUpTo(ctx, deal, 'paid');
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/cancel`, { reason: 'Changed my mind' })).status).toBe(
    200,
  );
  const { headers } = await signInAs(ctx, deal.seller.id);
  expect((await setListingStatus(ctx, headers, deal.listing.id, 'draft')).statusCode).toBe(200);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/listings/${deal.listing.id}`,
    headers,
    payload: listingInput({ title: WITHDRAWN }),
  });
  expect(put.statusCode, put.body).toBe(200);
  return { ...deal, id };
}

const pageTitle = async (who: Party, id: string) =>
  (await call(ctx, who, 'GET', `/api/orders/${id}`)).body.listingTitle;
async function listTitles(who: Party, side: 'purchases' | 'sales') {
  const res = await call(ctx, who, 'GET', `/api/orders?side=${side}`);
  expect(res.status).toBe(200);
  return (res.body.items as Array<{ listingTitle: string }>).map((o) => o.listingTitle);
}

describe("the title of an ended order's withdrawn listing", () => {
  it("is the published one on the buyer's order page and list, the current one on the seller's", async () => {
    const { buyer, seller, id } = await endedThenRetitled();
    expect(await pageTitle(buyer, id)).toBe(PUBLISHED);
    expect(await listTitles(buyer, 'purchases')).toEqual([PUBLISHED]);
    expect(await pageTitle(seller, id)).toBe(WITHDRAWN);
    expect(await listTitles(seller, 'sales')).toEqual([WITHDRAWN]);
  });

  it("is the published one on the buyer's balance history lines of the order", async () => {
    const { buyer } = await endedThenRetitled();
    const res = await call(ctx, buyer, 'GET', '/api/wallet/entries');
    const lines = res.body.items as Array<{ orderId: string | null; listingTitle: string | null }>;
    const ofOrder = lines.filter((l) => l.orderId !== null).map((l) => l.listingTitle);
    expect(ofOrder).toEqual([PUBLISHED, PUBLISHED]);
  });
});
