import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, expectLedgerHealthy, ledgerSnapshot, type Party } from './orders-test-helpers';

/** Buy now across a block: the listing page hides the button, and the server refuses a stale tab or a direct call. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

// The same words whoever blocked whom: the blocked buyer is not told they were blocked (decision 053).
const REFUSED = [403, 'You cannot buy from this seller.'];

const block = async (who: Party, userId: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/chat/blocks', headers: await headers(who), payload: { userId } }))
    .statusCode;
const unblock = async (who: Party, userId: string) =>
  (await ctx.app.inject({ method: 'DELETE', url: `/api/chat/blocks/${userId}`, headers: await headers(who) }))
    .statusCode;
const headers = async (who: Party) => (who.session = await signInAs(ctx, who.id)).headers;
const offer = (who: Party, listingId: string, amountCents: number) =>
  call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });

/** The order is refused with the block's words, and nothing moved: no order, the listing still for sale, no money. */
async function expectRefused(deal: Awaited<ReturnType<typeof arrangeDeal>>, payload: Record<string, unknown> = {}) {
  const before = await ledgerSnapshot(ctx);
  const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id, ...payload });
  expect([res.status, res.body.error?.message]).toEqual(REFUSED);
  const orders = await ctx.db.selectFrom('orders').select('id').where('listingId', '=', deal.listing.id).execute();
  expect(orders).toEqual([]);
  const listing = await ctx.db
    .selectFrom('listings')
    .select('status')
    .where('id', '=', deal.listing.id)
    .executeTakeFirstOrThrow();
  expect(listing.status).toBe('active');
  expect(await ledgerSnapshot(ctx)).toEqual(before);
}

describe('buy now across a block', () => {
  it('a buyer the seller blocked cannot buy the listing at its price', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    expect(await block(deal.seller, deal.buyer.id)).toBe(204);
    await expectRefused(deal);
    await expectRefused(deal, { expectedPriceCents: 10_000 });
  });

  it('a buyer who blocked the seller cannot buy the listing either, until they lift the block', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    expect(await block(deal.buyer, deal.seller.id)).toBe(204);
    await expectRefused(deal, { expectedPriceCents: 10_000 });
    expect(await unblock(deal.buyer, deal.seller.id)).toBe(204);
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      expectedPriceCents: 10_000,
    });
    expect([order.status, order.body.priceCents]).toEqual([201, 10_000]);
  });

  it('an offer accepted before the block is refused for the block too, named or not', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`)).status).toBe(200);
    expect(await block(deal.seller, deal.buyer.id)).toBe(204);
    await expectRefused(deal, { offerId: id });
    await expectRefused(deal, { expectedPriceCents: 7_000 });
  });
});

describe('paying across a block', () => {
  it('refuses to pay an order once either member blocked the other (the block ended it), and nothing moves', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const made = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(made.status).toBe(201);
    expect(await block(deal.seller, deal.buyer.id)).toBe(204);
    const before = await ledgerSnapshot(ctx);
    const paid = await call(ctx, deal.buyer, 'POST', `/api/orders/${made.body.id as string}/pay`);
    expect([paid.status, paid.body.error?.message]).toEqual([409, 'This order can no longer be paid.']);
    const order = await ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', made.body.id as string)
      .execute();
    expect(order).toEqual([{ status: 'canceled' }]);
    expect(await ledgerSnapshot(ctx)).toEqual(before);
  });
});
