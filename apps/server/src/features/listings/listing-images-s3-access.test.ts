import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, imageBytes, insertTestListing, multipart } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { startFakeS3 } from '../../test/fake-s3';

/**
 * With the S3 image store a screenshot is served as its listing is shown, exactly as from disk (decisions 218, 220):
 * the app hands out its own /uploads URL, checks who asks, and answers with a redirect to a presigned URL of a
 * private bucket that expires; nothing reaches a screenshot straight from the bucket.
 */
type Ctx = Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = { user: { id: string }; session: Session };
const KEYS = { bucket: 'shots', accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', region: 'eu-central-1' };

const PUBLIC_REDIRECT = 'public, max-age=300, s-maxage=300';
const PUBLIC_FILE = 'public, max-age=31536000, s-maxage=300, immutable';
const PRIVATE = 'private, no-store';

/** An app whose screenshots go to a fake S3 bucket (private unless told), whose clock the bucket shares. */
async function s3App(publicRead = false) {
  const shared: { ctx?: Ctx } = {};
  const s3 = await startFakeS3({ ...KEYS, publicRead, now: () => shared.ctx!.clock.now() });
  const ctx = await createTestAppWithUploads({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: KEYS.bucket,
    S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    S3_REGION: KEYS.region,
  });
  shared.ctx = ctx;
  return { ctx, s3, close: async () => (await ctx.close(), await s3.close()) };
}

/** A listing of the seller with one uploaded screenshot, left in the status given; the URLs the upload answered. */
async function listingWithScreenshot(ctx: Ctx, seller: Member, status: 'draft' | 'active' | 'hidden' = 'active') {
  const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
  const body = multipart(await imageBytes('png'), 'a.png', 'image/png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/images`,
    headers: { ...seller.session.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  await ctx.db.updateTable('listings').set({ status, publishedAt: ctx.clock.now() }).where('id', '=', id).execute();
  const image = res.json() as { id: string; url: string; thumbUrl: string };
  return { id, image, urls: [image.url, image.thumbUrl] };
}

/**
 * What a browser gets for a screenshot URL the app handed out: the app's answer and, when it redirects, the bucket's
 * answer to the URL it redirects to. A URL of the bucket itself is fetched as it is.
 */
async function load(ctx: Ctx, url: string, member: Member | null) {
  if (/^https?:/.test(url)) {
    const res = await fetch(url);
    return { status: res.status, cacheControl: res.headers.get('cache-control'), bytes: await res.arrayBuffer() };
  }
  const res = await ctx.app.inject({ url, headers: member ? { cookie: member.session.cookie } : {} });
  const app = `${res.statusCode} ${res.headers['cache-control']}`;
  if (res.statusCode !== 302) return { app, status: res.statusCode };
  const location = String(res.headers.location);
  const object = await fetch(location);
  const bytes = Buffer.from(await object.arrayBuffer());
  return { app, location, status: object.status, cacheControl: object.headers.get('cache-control'), bytes };
}

const summary = async (ctx: Ctx, url: string, askers: Record<string, Member | null>) => {
  const out: Record<string, string> = {};
  for (const [name, member] of Object.entries(askers)) {
    const r = await load(ctx, url, member);
    out[name] = r.status === 200 ? `${r.app} → 200 ${r.cacheControl}` : `${r.app ?? ''} → ${r.status}`;
  }
  return out;
};

describe('a screenshot in a bucket that still allows public reads', () => {
  let env: Awaited<ReturnType<typeof s3App>>;
  beforeAll(async () => {
    env = await s3App(true);
  });
  afterAll(() => env.close());

  it('is obtainable by no anonymous client from a URL the app handed out once its listing is hidden', async () => {
    const seller = await userWithSession(env.ctx, 'seller');
    const { urls } = await listingWithScreenshot(env.ctx, seller, 'active');
    await env.ctx.db.updateTable('listings').set({ status: 'hidden' }).where('status', '=', 'active').execute();
    for (const url of urls) {
      const anonymous = await load(env.ctx, url, null);
      expect(anonymous.status, url).toBe(404);
    }
  });
});

describe('a screenshot in a private bucket', () => {
  let env: Awaited<ReturnType<typeof s3App>>;
  let ctx: Ctx;
  let seller: Member;
  let admin: Member;
  let stranger: Member;
  beforeAll(async () => {
    env = await s3App();
    ctx = env.ctx;
    seller = await userWithSession(ctx, 'seller');
    admin = await userWithSession(ctx, 'admin');
    stranger = await userWithSession(ctx, 'buyer');
  });
  afterAll(() => env.close());

  it('is stored under a key of the listing and handed out as the app’s own URL, never the bucket’s', async () => {
    const { id, image } = await listingWithScreenshot(ctx, seller, 'active');
    expect(image.url).toMatch(new RegExp(`^/uploads/listings/${id}/[\\w-]+\\.webp$`));
    expect(image.thumbUrl).toMatch(new RegExp(`^/uploads/listings/${id}/[\\w-]+-thumb\\.webp$`));
    const key = image.url.slice('/uploads/'.length);
    expect(env.s3.objects.get(key)?.contentType).toBe('image/webp');
    expect((await load(ctx, `${env.s3.endpoint}/${KEYS.bucket}/${key}`, null)).status).toBe(403);
    const detail = await ctx.app.inject({ url: `/api/listings/${id}`, headers: stranger.session.headers });
    expect(detail.json().images[0]).toMatchObject({ url: image.url, thumbUrl: image.thumbUrl });
  });

  it('redirects everyone to the object while its listing is public, and the object is what was stored', async () => {
    const { urls } = await listingWithScreenshot(ctx, seller, 'active');
    for (const url of urls)
      expect(await summary(ctx, url, { anonymous: null, stranger, seller }), url).toEqual({
        anonymous: `302 ${PUBLIC_REDIRECT} → 200 ${PUBLIC_FILE}`,
        stranger: `302 ${PUBLIC_REDIRECT} → 200 ${PUBLIC_FILE}`,
        seller: `302 ${PUBLIC_REDIRECT} → 200 ${PUBLIC_FILE}`,
      });
    const served = await load(ctx, urls[0], null);
    expect(served.bytes).toEqual(env.s3.objects.get(urls[0].slice('/uploads/'.length))?.body);
    expect(served.location).toMatch(
      new RegExp(
        `^${env.s3.endpoint}/${KEYS.bucket}/listings/[\\w-]+/[\\w-]+\\.webp\\?.*X-Amz-Signature=[0-9a-f]{64}$`,
      ),
    );
  });

  it('serves a draft’s screenshots only to its seller and admins, never through a shared cache', async () => {
    const { urls } = await listingWithScreenshot(ctx, seller, 'draft');
    for (const url of urls)
      expect(await summary(ctx, url, { anonymous: null, stranger, seller, admin }), url).toEqual({
        anonymous: `404 ${PRIVATE} → 404`,
        stranger: `404 ${PRIVATE} → 404`,
        seller: `302 ${PRIVATE} → 200 ${PRIVATE}`,
        admin: `302 ${PRIVATE} → 200 ${PRIVATE}`,
      });
  });

  it('stops serving a listing an admin hid to all but its seller and admins', async () => {
    const { id, urls } = await listingWithScreenshot(ctx, seller, 'active');
    const hid = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/hide`,
      headers: admin.session.headers,
      payload: { reason: 'Screenshots show another person’s data.' },
    });
    expect(hid.statusCode).toBe(200);
    expect(await summary(ctx, urls[0], { anonymous: null, stranger, seller, admin })).toEqual({
      anonymous: `404 ${PRIVATE} → 404`,
      stranger: `404 ${PRIVATE} → 404`,
      seller: `302 ${PRIVATE} → 200 ${PRIVATE}`,
      admin: `302 ${PRIVATE} → 200 ${PRIVATE}`,
    });
  });

  it('serves a hidden, deleted listing’s screenshots to its order’s parties, by the order page’s URL', async () => {
    const { id, image } = await listingWithScreenshot(ctx, seller, 'active');
    const buyer = await userWithSession(ctx, 'buyer');
    const order = await insertOrderRow(ctx, { listingId: id, buyerId: buyer.user.id, sellerId: seller.user.id });
    await ctx.db
      .updateTable('listings')
      .set({ status: 'hidden', deletedAt: ctx.clock.now() })
      .where('id', '=', id)
      .execute();
    const page = await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: buyer.session.headers });
    const thumb = page.json().thumbUrl as string;
    expect(thumb).toBe(image.thumbUrl);
    expect(await summary(ctx, thumb, { buyer, seller, stranger, anonymous: null })).toEqual({
      buyer: `302 ${PRIVATE} → 200 ${PRIVATE}`,
      seller: `302 ${PRIVATE} → 200 ${PRIVATE}`,
      stranger: `404 ${PRIVATE} → 404`,
      anonymous: `404 ${PRIVATE} → 404`,
    });
  });

  it('deletes the objects of a removed screenshot from the bucket', async () => {
    const { id, image } = await listingWithScreenshot(ctx, seller, 'draft');
    const keys = [image.url, image.thumbUrl].map((u) => u.slice('/uploads/'.length));
    expect(keys.every((k) => env.s3.objects.has(k))).toBe(true);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${id}/images/${image.id}`,
      headers: seller.session.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(keys.filter((k) => env.s3.objects.has(k))).toEqual([]);
  });

  it('lets a cache keep the redirect for less time than the URL it points to lives, which then expires', async () => {
    const { urls } = await listingWithScreenshot(ctx, seller, 'active');
    // The worst moment: just before the signing time moves on, when the URL signed is oldest.
    const window = 5 * 60_000;
    ctx.clock.set(Math.ceil(ctx.clock.now() / window) * window + window - 1);
    const served = await load(ctx, urls[0], null);
    const query = new URL(served.location!).searchParams;
    const date = query.get('X-Amz-Date')!;
    const signedAt = Date.parse(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:00Z`,
    );
    const expiresAt = signedAt + Number(query.get('X-Amz-Expires')) * 1000;
    const cachedUntil = ctx.clock.now() + 300_000;
    expect(expiresAt - cachedUntil).toBeGreaterThanOrEqual(4 * 60_000);
    // Any moment in the window: the same URL, so browsers and caches in front of the bucket reuse the bytes.
    ctx.clock.set(signedAt);
    expect((await load(ctx, urls[0], null)).location).toBe(served.location);

    ctx.clock.set(expiresAt);
    expect((await fetch(served.location!)).status).toBe(200);
    ctx.clock.set(expiresAt + 1000);
    expect((await fetch(served.location!)).status).toBe(403);
    const again = await load(ctx, urls[0], null);
    expect(again.status).toBe(200);
    expect(again.location).not.toBe(served.location);
  });
});
