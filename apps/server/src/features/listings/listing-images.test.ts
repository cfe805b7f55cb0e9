import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from '@accountry/shared/listings';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, imageBytes, insertTestListing, multipart } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let seller: { user: { id: string }; session: Session };

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const upload = (listingId: string, body: ReturnType<typeof multipart>, session: Session = seller.session) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/images`,
    payload: body.payload,
    headers: { ...session.headers, ...body.headers },
  });
const imageCount = async (listingId: string) =>
  (await ctx.db.selectFrom('listingImages').select('id').where('listingId', '=', listingId).execute()).length;

describe('screenshot upload', () => {
  it('stores a WebP display image and a 480×360 thumbnail, served under /uploads', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const res = await upload(id, multipart(await imageBytes('jpeg', 2400, 1200), 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ position: 0, width: 1600, height: 800 });
    expect(image.url).toMatch(new RegExp(`^/uploads/listings/${id}/[\\w-]+\\.webp$`));
    // A draft's: its seller, whose editor shows it, is served it (decision 218).
    const file = await ctx.app.inject({ method: 'GET', url: image.url, headers: { cookie: seller.session.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const thumb = await sharp(
      fs.readFileSync(path.join(ctx.uploadDir, image.thumbUrl.replace('/uploads/', ''))),
    ).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const second = await upload(id, multipart(await imageBytes('webp'), 'b.webp', 'image/webp'));
    expect(second.json().position).toBe(1);
  });

  it.each([
    ['a text file named .png', Buffer.from('definitely not an image, just text'), 'notes.png', 'image/png'],
    [
      'an SVG (script-capable) image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'a.gif', 'image/gif'],
    [
      'a PNG header with garbage after it',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'broken.png',
      'image/png',
    ],
  ])('rejects %s by its content, storing nothing', async (_name, bytes, filename, type) => {
    const { id } = await insertTestListing(ctx, seller.user.id, {}, 0);
    const res = await upload(id, multipart(bytes, filename, type));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.imageType);
    expect(await imageCount(id)).toBe(0);
    expect(fs.existsSync(path.join(ctx.uploadDir, 'listings', id))).toBe(false);
  });

  it('rejects a file over the size limit with 413', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, {}, 0);
    const big = Buffer.concat([await imageBytes('png'), Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const res = await upload(id, multipart(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(M.imageSize);
    expect(await imageCount(id)).toBe(0);
  });

  it('accepts an image over the general 1 MB body limit', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, {}, 0);
    const noisy = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(id, multipart(noisy))).statusCode).toBe(201);
  });

  it('refuses a request without a file, and a ninth screenshot', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, {}, MAX_LISTING_IMAGES);
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/images`,
      payload: {},
      headers: seller.session.headers,
    });
    expect(none.statusCode).toBe(409);
    const res = await upload(id, multipart(await imageBytes()));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.tooManyImages);
    const { id: empty } = await insertTestListing(ctx, seller.user.id, {}, 0);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${empty}/images`,
      payload: { x: 1 },
      headers: seller.session.headers,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(M.imageMissing);
  });

  it('refuses uploads to another seller’s listing and to sold listings', async () => {
    const other = await userWithSession(ctx, 'seller');
    const { id } = await insertTestListing(ctx, seller.user.id, {}, 0);
    expect((await upload(id, multipart(await imageBytes()), other.session)).statusCode).toBe(403);
    const sold = await insertTestListing(ctx, seller.user.id, { status: 'sold' }, 0);
    expect((await upload(sold.id, multipart(await imageBytes()))).statusCode).toBe(409);
  });
});

describe('removing and ordering screenshots', () => {
  it('reorders, removes, and keeps the last screenshot of a published listing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const a = (await upload(id, multipart(await imageBytes()))).json();
    const b = (await upload(id, multipart(await imageBytes()))).json();
    const order = await ctx.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}/images/order`,
      headers: seller.session.headers,
      payload: { ids: [b.id, a.id] },
    });
    expect(order.json().images.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}/images/order`,
      headers: seller.session.headers,
      payload: { ids: [b.id] },
    });
    // One screenshot left out is an order made on a list that moved on (listing-images-stale.test.ts).
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error.message).toBe(M.imagesChanged);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/status`,
      headers: seller.session.headers,
      payload: { status: 'active' },
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}/images/${a.id}`,
      headers: seller.session.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(fs.existsSync(path.join(ctx.uploadDir, a.url.replace('/uploads/', '')))).toBe(false);
    const last = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}/images/${b.id}`,
      headers: seller.session.headers,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(M.lastImage);
  });

  it('keeps a file a duplicated listing still shows', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const a = (await upload(id, multipart(await imageBytes()))).json();
    const copy = (
      await ctx.app.inject({ method: 'POST', url: `/api/listings/${id}/duplicate`, headers: seller.session.headers })
    ).json();
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}/images/${a.id}`,
      headers: seller.session.headers,
    });
    expect(fs.existsSync(path.join(ctx.uploadDir, a.url.replace('/uploads/', '')))).toBe(true);
    expect(copy.images[0].url).toBe(a.url);
  });
});

describe('serving files', () => {
  it('stops serving a deleted listing’s screenshots, but not those a live duplicate shares', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const image = (await upload(id, multipart(await imageBytes('png'), 'a.png', 'image/png'))).json();
    const gone = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const goneImage = (await upload(gone.id, multipart(await imageBytes('png'), 'b.png', 'image/png'))).json();
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/duplicate`,
      headers: seller.session.headers,
    });
    expect(copy.statusCode).toBeLessThan(300);
    for (const listingId of [id, gone.id]) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/listings/${listingId}`,
        headers: seller.session.headers,
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    for (const url of [goneImage.url, goneImage.thumbUrl])
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    // The live duplicate is a draft: its seller sees the file it shares, others do not (decision 218).
    expect((await ctx.app.inject({ url: image.url, headers: { cookie: seller.session.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: image.url })).statusCode).toBe(404);
  });

  it('stops serving a screenshot its seller removed, though a deleted duplicate still names the file', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const image = (await upload(id, multipart(await imageBytes('png'), 'a.png', 'image/png'))).json();
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/duplicate`,
      headers: seller.session.headers,
    });
    expect(copy.statusCode).toBe(201);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${copy.json().id}`,
      headers: seller.session.headers,
    });
    expect(gone.statusCode).toBe(204);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}/images/${image.id}`,
      headers: seller.session.headers,
    });
    expect(removed.statusCode).toBe(204);
    // The listing in the path is still live, but no live listing shows the file any more.
    for (const url of [image.url, image.thumbUrl]) expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('generates the demo screenshots on first request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/demo/demo-03-thumb.webp' });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/demo/demo-99.webp' })).statusCode).toBe(404);
  });

  it('serves nothing outside the listing folders', async () => {
    fs.mkdirSync(path.join(ctx.uploadDir, 'chat'), { recursive: true });
    fs.writeFileSync(path.join(ctx.uploadDir, 'chat', 'private.webp'), 'secret');
    for (const url of [
      '/uploads/chat/private.webp',
      '/uploads/listings/../chat/private.webp',
      '/uploads/listings/%2e%2e/chat/private.webp',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
