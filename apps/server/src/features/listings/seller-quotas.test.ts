import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, userWithSession, type Session } from '../../test/test-app';
import {
  createTestAppWithUploads,
  imageBytes,
  insertTestListing,
  listingInput,
  multipart,
} from '../../test/listing-fixtures';
import { processScreenshot } from './image-processing';

/** Per-seller quotas (issue 12, item 10): counted atomically, so a parallel burst cannot pass them. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let image: Buffer;
/** Bytes one upload of `image` stores (display image and thumbnail). */
let stored = 0;

beforeAll(async () => {
  image = await imageBytes('png', 640, 480);
  const processed = await processScreenshot(image, 'seller-1');
  stored = processed.full.length + processed.thumb.length;
  ctx = await createTestAppWithUploads({
    LISTINGS_PER_SELLER: '4',
    LISTING_CREATIONS_PER_DAY: '6',
    IMAGE_UPLOADS_PER_HOUR: '4',
    IMAGE_UPLOADS_PER_DAY: '10',
    IMAGE_BYTES_PER_SELLER: String(Math.floor(stored * 5.5)),
  });
});
afterAll(() => ctx.close());

const create = (session: Session) =>
  ctx.app.inject({ method: 'POST', url: '/api/listings', headers: session.headers, payload: listingInput() });
const upload = (listingId: string, session: Session) => {
  const body = multipart(image);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/images`,
    payload: body.payload,
    headers: { ...session.headers, ...body.headers },
  });
};
const liveListings = async (sellerId: string) =>
  (
    await ctx.db
      .selectFrom('listings')
      .select('id')
      .where('sellerId', '=', sellerId)
      .where('deletedAt', 'is', null)
      .execute()
  ).length;
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});
const TOTAL = 'You can have at most 4 listings. Delete listings you no longer need to add new ones.';
const PER_DAY = 'You can create at most 6 listings a day. Try again tomorrow.';
const PER_HOUR_IMAGES = 'You can upload at most 4 screenshots an hour. Try again later.';
const PER_DAY_IMAGES = 'You can upload at most 10 screenshots a day. Try again tomorrow.';
const BYTES = `Your screenshots use all of your ${(Math.floor(stored * 5.5) / 1024 / 1024).toFixed(1)} MB of storage. Remove screenshots or delete listings you no longer need.`;

describe('listings per seller', () => {
  it('a parallel burst of ten creations makes exactly the allowed number of listings', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(session)));
    // Six pass the daily rate; of those, four fit the total.
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 201: 4, 409: 2, 429: 4 });
    expect(answers.find((r) => r.statusCode === 409)!.json().error.message).toBe(TOTAL);
    expect(answers.find((r) => r.statusCode === 429)!.json().error.message).toBe(PER_DAY);
    expect(await liveListings(user.id)).toBe(4);
  });

  it('counts non-deleted listings: deleting one makes room; a duplicate counts like a new listing', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create(session)).json().id);
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${ids[0]}/duplicate`,
      headers: session.headers,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(TOTAL);
    // The seller's list says the limit beside the count it applies to, so the page can tell them before a form.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/my/listings', headers: session.headers });
    expect(mine.json()).toMatchObject({ counts: { all: 4 }, listingLimit: 4 });
    await ctx.app.inject({ method: 'DELETE', url: `/api/listings/${ids[1]}`, headers: session.headers });
    expect((await create(session)).statusCode).toBe(201);
    expect(await liveListings(user.id)).toBe(4);
  });

  it('limits creations per day even when the seller deletes listings, and allows them again the next day', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    for (let i = 0; i < 6; i++) {
      const res = await create(session);
      expect(res.statusCode).toBe(201);
      if (i >= 2)
        await ctx.app.inject({ method: 'DELETE', url: `/api/listings/${res.json().id}`, headers: session.headers });
    }
    const seventh = await create(session);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json().error.message).toBe(PER_DAY);
    expect(await liveListings(user.id)).toBe(2);
    ctx.clock.advance(24 * 3600_000);
    expect((await create(await signInAs(ctx, user.id))).statusCode).toBe(201);
  });
});

describe('screenshot uploads per seller', () => {
  it('limits uploads per hour and per day, and stored bytes, against parallel bursts', async () => {
    // Start at the top of a day, so the test's three hours lie in one day.
    ctx.clock.set(Math.ceil(ctx.clock.now() / 86_400_000) * 86_400_000);
    const { user, session } = await userWithSession(ctx, 'seller');
    const a = await insertTestListing(ctx, user.id, { status: 'draft', publishedAt: null }, 0);
    const b = await insertTestListing(ctx, user.id, { status: 'draft', publishedAt: null }, 0);
    const imagesOf = async () =>
      ctx.db
        .selectFrom('listingImages')
        .innerJoin('listings', 'listings.id', 'listingImages.listingId')
        .select(['listingImages.id', 'listingImages.listingId'])
        .where('listings.sellerId', '=', user.id)
        .execute();

    const hour1 = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2 ? a.id : b.id, session)));
    expect(tally(hour1.map((r) => r.statusCode))).toEqual({ 201: 4, 429: 4 });
    expect(hour1.find((r) => r.statusCode === 429)!.json().error.message).toBe(PER_HOUR_IMAGES);
    expect(await imagesOf()).toHaveLength(4);

    // The next hour: 5.5 uploads' worth of bytes allows one more of four parallel uploads.
    ctx.clock.advance(3600_000);
    const hour2 = await Promise.all(Array.from({ length: 4 }, () => upload(a.id, session)));
    expect(tally(hour2.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 3 });
    expect(hour2.find((r) => r.statusCode === 409)!.json().error.message).toBe(BYTES);
    expect(await imagesOf()).toHaveLength(5);

    // Removing a screenshot frees its bytes; the day's ten uploads are then used up.
    const [first] = await imagesOf();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${first.listingId}/images/${first.id}`,
      headers: session.headers,
    });
    expect(removed.statusCode).toBe(204);
    ctx.clock.advance(3600_000);
    expect((await upload(b.id, session)).statusCode).toBe(201);
    expect((await upload(b.id, session)).json().error.message).toBe(BYTES);
    const eleventh = await upload(b.id, session);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(PER_DAY_IMAGES);
    expect(await imagesOf()).toHaveLength(5);
  });

  it('a duplicate shares its screenshots’ files, so it uses no more storage', async () => {
    ctx.clock.advance(24 * 3600_000);
    const { user, session } = await userWithSession(ctx, 'seller');
    const listing = (await create(session)).json();
    for (let i = 0; i < 4; i++) expect((await upload(listing.id, session)).statusCode).toBe(201);
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/duplicate`,
      headers: session.headers,
    });
    expect(copy.statusCode).toBe(201);
    ctx.clock.advance(3600_000);
    // Four uploads' worth are stored once, although two listings show them: one more fits.
    expect((await upload(copy.json().id, session)).statusCode).toBe(201);
    expect((await upload(copy.json().id, session)).json().error.message).toBe(BYTES);
    expect(await liveListings(user.id)).toBe(2);
  });
});
