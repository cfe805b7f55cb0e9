import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { listingInput } from '../../test/listing-fixtures';
import { arrangeDeal, call, ledgerSnapshot, useOrdersTestApp } from './orders-test-helpers';

/**
 * The buy-now dialog tells the buyer what they agree to: the price, when the seller delivers and how long the
 * protection period is; paying from the balance follows at once. A seller who changes those terms while the buyer's
 * page is open must not get an order on terms the buyer never saw: like a changed price, a changed term is a 409.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const TERMS_CHANGED =
  'The seller changed the delivery time or the protection period while you were buying. Check them and buy again.';

/** A listing the buyer saw with 30 days of protection and delivery at once, which its seller then changed. */
async function termsChangedMeanwhile(change: Record<string, unknown>) {
  const deal = await arrangeDeal(ctx, { priceCents: 24_900, deliveryTime: 'instant', protectionDays: 30 });
  const seen = { expectedPriceCents: 24_900, expectedDeliveryTime: 'instant', expectedProtectionDays: 30 };
  const terms = { priceCents: 24_900, deliveryTime: 'instant', protectionDays: 30, ...change };
  const edited = await call(ctx, deal.seller, 'PUT', `/api/listings/${deal.listing.id}`, listingInput(terms));
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  return { deal, seen };
}

const ordersOf = (buyerId: string) => ctx.db.selectFrom('orders').select('id').where('buyerId', '=', buyerId).execute();

describe('buying while the seller changes the terms', () => {
  it.each([
    ['the protection period', { protectionDays: 0 }],
    ['the delivery time', { deliveryTime: 'within-7d' }],
  ])('is refused when %s changed since the buyer confirmed it, and nothing is ordered or paid', async (_, change) => {
    const { deal, seen } = await termsChangedMeanwhile(change);
    const before = await ledgerSnapshot(ctx);
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, ...seen });
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 409, message: TERMS_CHANGED });
    expect(await ordersOf(deal.buyer.id)).toEqual([]);
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    const listing = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', deal.listing.id)
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe('active');
  });

  it('goes through on the terms the buyer confirmed, and binds the order to them', async () => {
    const { deal } = await termsChangedMeanwhile({ protectionDays: 5, deliveryTime: 'within-24h' });
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      expectedPriceCents: 24_900,
      expectedDeliveryTime: 'within-24h',
      expectedProtectionDays: 5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect({ deliveryTime: res.body.deliveryTime, protectionDays: res.body.protectionDays }).toEqual({
      deliveryTime: 'within-24h',
      protectionDays: 5,
    });
  });
});
