import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, imageBytes, insertTestListing, multipart } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';

/**
 * A screenshot is served as its listing is shown: to everyone while the listing is public (and kept by any cache),
 * else only to those who may still see the listing, never kept by a shared cache (decision 218).
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = { user: { id: string }; session: Session };
let seller: Member;
let admin: Member;
let stranger: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
  admin = await userWithSession(ctx, 'admin');
  stranger = await userWithSession(ctx, 'buyer');
});
afterAll(() => ctx.close());

const PUBLIC = 'public, max-age=31536000, s-maxage=300, immutable';
const PRIVATE = 'private, no-store';

/** A listing of the seller with one uploaded screenshot, left in the status given. */
async function listingWithScreenshot(status: 'draft' | 'active' = 'active') {
  const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
  const body = multipart(await imageBytes('png'), 'a.png', 'image/png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/images`,
    headers: { ...seller.session.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  await ctx.db.updateTable('listings').set({ status, publishedAt: ctx.clock.now() }).where('id', '=', id).execute();
  const image = res.json() as { url: string; thumbUrl: string };
  return { id, urls: [image.url, image.thumbUrl] };
}

/** What each asker gets for the URL: the status and the cache rule. */
async function servedTo(url: string, askers: Record<string, Member | null>) {
  const out: Record<string, string> = {};
  for (const [name, member] of Object.entries(askers)) {
    const res = await ctx.app.inject({ url, headers: member ? { cookie: member.session.cookie } : {} });
    out[name] = `${res.statusCode} ${res.headers['cache-control']}`;
  }
  return out;
}

describe('who is served a screenshot', () => {
  it('serves a public listing’s screenshots to everyone, cacheable for long', async () => {
    const { urls } = await listingWithScreenshot('active');
    for (const url of urls)
      expect(await servedTo(url, { anonymous: null, stranger, seller }), url).toEqual({
        anonymous: `200 ${PUBLIC}`,
        stranger: `200 ${PUBLIC}`,
        seller: `200 ${PUBLIC}`,
      });
  });

  it('serves a draft’s screenshots only to its seller and admins, never to a shared cache', async () => {
    const { urls } = await listingWithScreenshot('draft');
    for (const url of urls)
      expect(await servedTo(url, { anonymous: null, stranger, seller, admin }), url).toEqual({
        anonymous: `404 ${PRIVATE}`,
        stranger: `404 ${PRIVATE}`,
        seller: `200 ${PRIVATE}`,
        admin: `200 ${PRIVATE}`,
      });
  });

  it('stops serving a listing an admin hid at once, and serves it again once unhidden', async () => {
    const { id, urls } = await listingWithScreenshot('active');
    expect((await servedTo(urls[0], { anonymous: null })).anonymous).toBe(`200 ${PUBLIC}`);
    const hid = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/hide`,
      headers: admin.session.headers,
      payload: { reason: 'Screenshots show another person’s data.' },
    });
    expect(hid.statusCode).toBe(200);
    expect(await servedTo(urls[0], { anonymous: null, stranger, seller, admin })).toEqual({
      anonymous: `404 ${PRIVATE}`,
      stranger: `404 ${PRIVATE}`,
      seller: `200 ${PRIVATE}`,
      admin: `200 ${PRIVATE}`,
    });
    const shown = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/unhide`,
      headers: admin.session.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect((await servedTo(urls[0], { anonymous: null })).anonymous).toBe(`200 ${PUBLIC}`);
  });

  it('stops serving a listing its seller hid to everyone but the seller', async () => {
    const { id, urls } = await listingWithScreenshot('active');
    await ctx.db.updateTable('listings').set({ status: 'hidden' }).where('id', '=', id).execute();
    expect(await servedTo(urls[1], { anonymous: null, stranger, seller })).toEqual({
      anonymous: `404 ${PRIVATE}`,
      stranger: `404 ${PRIVATE}`,
      seller: `200 ${PRIVATE}`,
    });
  });

  it('serves a hidden or deleted listing’s screenshots to the parties of an order on it, whose pages show them', async () => {
    const { id, urls } = await listingWithScreenshot('active');
    const buyer = await userWithSession(ctx, 'buyer');
    await insertOrderRow(ctx, { listingId: id, buyerId: buyer.user.id, sellerId: seller.user.id });
    await ctx.db.updateTable('listings').set({ status: 'hidden' }).where('id', '=', id).execute();
    expect(await servedTo(urls[1], { buyer, stranger })).toEqual({
      buyer: `200 ${PRIVATE}`,
      stranger: `404 ${PRIVATE}`,
    });
    await ctx.db.updateTable('listings').set({ deletedAt: ctx.clock.now() }).where('id', '=', id).execute();
    expect(await servedTo(urls[1], { buyer, seller, stranger, admin })).toEqual({
      buyer: `200 ${PRIVATE}`,
      seller: `200 ${PRIVATE}`,
      stranger: `404 ${PRIVATE}`,
      admin: `200 ${PRIVATE}`,
    });
  });

  it('serves a deleted listing’s screenshots to nobody but admins when no order names it', async () => {
    const { id, urls } = await listingWithScreenshot('active');
    await ctx.db.updateTable('listings').set({ deletedAt: ctx.clock.now() }).where('id', '=', id).execute();
    expect(await servedTo(urls[0], { anonymous: null, seller, admin })).toEqual({
      anonymous: `404 ${PRIVATE}`,
      seller: `404 ${PRIVATE}`,
      admin: `200 ${PRIVATE}`,
    });
  });

  it('serves a file a draft duplicate shares publicly while the public listing shows it', async () => {
    const { id, urls } = await listingWithScreenshot('active');
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/duplicate`,
      headers: seller.session.headers,
    });
    expect(copy.statusCode).toBe(201);
    expect((await servedTo(urls[0], { anonymous: null })).anonymous).toBe(`200 ${PUBLIC}`);
    await ctx.db.updateTable('listings').set({ status: 'hidden' }).where('id', '=', id).execute();
    // Now only the draft copy and the hidden original show it.
    expect(await servedTo(urls[0], { anonymous: null, seller })).toEqual({
      anonymous: `404 ${PRIVATE}`,
      seller: `200 ${PRIVATE}`,
    });
  });
});
