import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, userWithSession, type TestContext } from '../../test/test-app';
import { listingInput } from '../../test/listing-fixtures';
import { newId } from '../../lib/ids';
import { arrangeDeal, call, expectLedgerHealthy, orderUpTo } from './orders-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const HELD = 'This listing has an order in progress. It cannot be changed or deleted until the order ends.';

const listingRow = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'title', 'deletedAt', 'statusBeforeHidden'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function addImageRow(listingId: string, position: number) {
  const id = newId();
  await ctx.db
    .insertInto('listingImages')
    .values({
      id,
      listingId,
      url: `/uploads/listings/${listingId}/${id}.webp`,
      thumbUrl: `/uploads/listings/${listingId}/${id}-thumb.webp`,
      width: 1280,
      height: 720,
      bytes: 1000,
      position,
      createdAt: ctx.clock.now(),
    })
    .execute();
  return id;
}

/** Every change a seller can make to their listing, each as an API request. */
async function sellerChanges(deal: Awaited<ReturnType<typeof arrangeDeal>>) {
  const id = deal.listing.id;
  const images = [await addImageRow(id, 0), await addImageRow(id, 1)];
  return [
    ['POST', `/api/listings/${id}/status`, { status: 'active' }],
    ['POST', `/api/listings/${id}/status`, { status: 'draft' }],
    ['POST', `/api/listings/${id}/status`, { status: 'sold' }],
    ['PUT', `/api/listings/${id}`, listingInput({ title: 'A different account altogether' })],
    ['PUT', `/api/listings/${id}/images/order`, { ids: [images[1], images[0]] }],
    ['DELETE', `/api/listings/${id}/images/${images[1]}`],
    ['DELETE', `/api/listings/${id}`],
  ] as const;
}

async function asSeller(deal: Awaited<ReturnType<typeof arrangeDeal>>, method: string, url: string, body?: object) {
  const session = await signInAs(ctx, deal.seller.id);
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: session.headers,
    ...(body ? { payload: body } : {}),
  });
}

describe('a listing held by an open order', () => {
  for (const stage of ['pending_payment', 'paid'] as const) {
    it(`refuses every change by its seller while the order is ${stage}, and changes nothing`, async () => {
      const deal = await arrangeDeal(ctx);
      await orderUpTo(ctx, deal, stage);
      const before = await listingRow(deal.listing.id);
      for (const [method, url, body] of await sellerChanges(deal)) {
        const res = await asSeller(deal, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(409);
        expect(res.json().error.message, `${method} ${url}`).toBe(HELD);
      }
      expect(await listingRow(deal.listing.id)).toEqual(before);
      expect(before.status).toBe('reserved');
      const images = await ctx.db
        .selectFrom('listingImages')
        .select('id')
        .where('listingId', '=', deal.listing.id)
        .orderBy('position')
        .execute();
      expect(images).toHaveLength(2);
    });
  }

  it('goes back to its seller when the order is canceled', async () => {
    const deal = await arrangeDeal(ctx);
    const orderId = await orderUpTo(ctx, deal, 'paid');
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect((await listingRow(deal.listing.id)).status).toBe('active');
    const res = await asSeller(deal, 'POST', `/api/listings/${deal.listing.id}/status`, { status: 'draft' });
    expect(res.statusCode).toBe(200);
    expect((await listingRow(deal.listing.id)).status).toBe('draft');
  });

  it('leaves a manually reserved listing (no order) in its seller’s hands', async () => {
    const deal = await arrangeDeal(ctx, { status: 'reserved' });
    const res = await asSeller(deal, 'POST', `/api/listings/${deal.listing.id}/status`, { status: 'draft' });
    expect(res.statusCode).toBe(200);
  });

  it('cannot be sold a second time after the seller tried to make it available again', async () => {
    const deal = await arrangeDeal(ctx);
    await addImageRow(deal.listing.id, 0);
    const orderId = await orderUpTo(ctx, deal, 'paid');
    await asSeller(deal, 'POST', `/api/listings/${deal.listing.id}/status`, { status: 'active' });
    const other = await userWithSession(ctx, 'buyer');
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: other.session.headers,
      payload: { listingId: deal.listing.id },
    });
    expect(second.statusCode).toBe(409);
    const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'valorant_king', password: 'S3cret-pass!' },
    });
    expect(delivered.status).toBe(200);
    expect((await listingRow(deal.listing.id)).status).toBe('sold');
  });
});

describe('a listing hidden by an admin while an order holds it', () => {
  async function hiddenDuring(stage: 'paid') {
    const deal = await arrangeDeal(ctx);
    const orderId = await orderUpTo(ctx, deal, stage);
    const admin = await userWithSession(ctx, 'admin');
    const hide = (verb: 'hide' | 'unhide') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${deal.listing.id}/${verb}`,
        headers: admin.session.headers,
        ...(verb === 'hide' ? { payload: { reason: 'Checking the screenshots' } } : {}),
      });
    expect((await hide('hide')).statusCode).toBe(200);
    return { deal, orderId, unhide: () => hide('unhide') };
  }

  it('is available again when unhidden after the buyer canceled', async () => {
    const { deal, orderId, unhide } = await hiddenDuring('paid');
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect(await listingRow(deal.listing.id)).toMatchObject({ status: 'hidden', statusBeforeHidden: 'active' });
    expect((await unhide()).statusCode).toBe(200);
    expect((await listingRow(deal.listing.id)).status).toBe('active');
  });

  it('is sold when unhidden after the seller delivered', async () => {
    const { deal, orderId, unhide } = await hiddenDuring('paid');
    const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${orderId}/deliver`, {
      credentials: { login: 'valorant_king', password: 'S3cret-pass!' },
    });
    expect(delivered.status).toBe(200);
    expect((await unhide()).statusCode).toBe(200);
    expect((await listingRow(deal.listing.id)).status).toBe('sold');
  });
});
