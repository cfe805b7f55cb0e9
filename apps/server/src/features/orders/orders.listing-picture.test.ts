import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import {
  createTestAppWithUploads,
  imageBytes,
  insertTestListing,
  multipart,
  setListingStatus,
} from '../../test/listing-fixtures';

/**
 * Decision 218: an order shows its buyer the picture its listing had when they bought it. A seller who withdrew the
 * listing afterwards and replaced its screenshots does not show the new ones to past buyers, and the old file stays
 * for them.
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = { user: { id: string }; session: Session };
let seller: Member;
let buyer: Member;
let stranger: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
  buyer = await userWithSession(ctx, 'buyer');
  stranger = await userWithSession(ctx, 'buyer');
});
afterAll(() => ctx.close());

const as = (m: Member) => m.session.headers;
async function upload(listingId: string, kind: 'png' | 'jpeg') {
  const body = multipart(await imageBytes(kind), `a.${kind}`, `image/${kind}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/images`,
    headers: { ...as(seller), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; thumbUrl: string };
}
const get = async (m: Member, url: string) => {
  const res = await ctx.app.inject({ url, headers: as(m) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const served = async (m: Member, url: string) =>
  (await ctx.app.inject({ url, headers: { cookie: m.session.cookie } })).statusCode;

/** An order bought on a listing with one screenshot, canceled; then the listing withdrawn and its screenshot replaced. */
async function boughtThenPictureReplaced() {
  const { id: listingId } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
  const first = await upload(listingId, 'png');
  expect((await setListingStatus(ctx, as(seller), listingId, 'active')).statusCode).toBe(200);
  const bought = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: as(buyer),
    payload: { listingId },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const orderId = bought.json().id as string;
  const cancel = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: as(buyer),
    payload: { reason: 'Changed my mind' },
  });
  expect(cancel.statusCode).toBe(200);
  expect((await setListingStatus(ctx, as(seller), listingId, 'draft')).statusCode).toBe(200);
  const second = await upload(listingId, 'jpeg');
  const removed = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/listings/${listingId}/images/${first.id}`,
    headers: as(seller),
  });
  expect(removed.statusCode).toBeLessThan(300);
  return { orderId, first, second };
}

describe("an order's picture once its listing's screenshots were replaced", () => {
  it("is the one bought on the buyer's order page and list, the listing's own on the seller's", async () => {
    const { orderId, first, second } = await boughtThenPictureReplaced();
    expect((await get(buyer, `/api/orders/${orderId}`)).thumbUrl).toBe(first.thumbUrl);
    const purchases = (await get(buyer, '/api/orders?side=purchases')).items as Array<{ id: string; thumbUrl: string }>;
    expect(purchases.find((o) => o.id === orderId)?.thumbUrl).toBe(first.thumbUrl);
    expect((await get(seller, `/api/orders/${orderId}`)).thumbUrl).toBe(second.thumbUrl);
  });

  it('keeps the file the order shows, served to its buyer alone', async () => {
    const { first, second } = await boughtThenPictureReplaced();
    expect(await served(buyer, first.thumbUrl)).toBe(200);
    expect(await served(stranger, first.thumbUrl)).toBe(404);
    // The new screenshot of the withdrawn listing is not the buyer's to see.
    expect(await served(buyer, second.thumbUrl)).toBe(404);
    expect(await served(seller, second.thumbUrl)).toBe(200);
  });
});
