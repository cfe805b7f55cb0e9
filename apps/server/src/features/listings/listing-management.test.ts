import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { DESCRIPTION_MAX, TITLE_MAX } from '@accountry/shared/listings';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing, listingInput } from '../../test/listing-fixtures';
import { escapedJson } from '../../test/escaped-json';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let seller: { user: { id: string }; session: Session };
let other: { user: { id: string }; session: Session };
let buyer: { user: { id: string }; session: Session };

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
  other = await userWithSession(ctx, 'both');
  buyer = await userWithSession(ctx, 'buyer');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: session?.headers, ...(payload ? { payload } : {}) });

describe('listing management permissions', () => {
  it('refuses visitors (401) and buyer-only members (403) on every management endpoint', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id);
    const endpoints: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/api/my/listings'],
      ['GET', `/api/my/listings/${id}`],
      ['POST', '/api/listings', listingInput()],
      ['PUT', `/api/listings/${id}`, listingInput()],
      ['POST', `/api/listings/${id}/status`, { status: 'sold' }],
      ['POST', `/api/listings/${id}/duplicate`],
      ['DELETE', `/api/listings/${id}`],
      ['DELETE', `/api/listings/${id}/images/x`],
      ['PUT', `/api/listings/${id}/images/order`, { ids: [] }],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, buyer.session, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await ctx.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('active');
  });

  it('lets no seller edit, change, duplicate or delete another seller’s listing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { title: 'The original title stays' });
    for (const [method, url, body] of [
      ['GET', `/api/my/listings/${id}`],
      ['PUT', `/api/listings/${id}`, listingInput()],
      ['POST', `/api/listings/${id}/status`, { status: 'sold' }],
      ['POST', `/api/listings/${id}/duplicate`],
      ['DELETE', `/api/listings/${id}`],
    ] as Array<[Parameters<typeof call>[0], string, object?]>) {
      const res = await call(method, url, other.session, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toBe(M.notYours);
    }
    const row = await ctx.db
      .selectFrom('listings')
      .select(['title', 'status', 'deletedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'The original title stays', status: 'active', deletedAt: null });
  });
});

describe('another seller’s unpublished listing', () => {
  it('is answered as a missing one on every management endpoint: its id does not tell that it exists', async () => {
    for (const status of ['draft', 'hidden'] as const) {
      const { id } = await insertTestListing(ctx, seller.user.id, { status, title: 'Not out yet' });
      for (const [method, url, body] of [
        ['GET', `/api/my/listings/${id}`],
        ['PUT', `/api/listings/${id}`, listingInput()],
        ['POST', `/api/listings/${id}/status`, { status: 'active' }],
        ['POST', `/api/listings/${id}/duplicate`],
        ['DELETE', `/api/listings/${id}`],
        ['DELETE', `/api/listings/${id}/images/x`],
        ['PUT', `/api/listings/${id}/images/order`, { ids: [] }],
      ] as Array<[Parameters<typeof call>[0], string, object?]>) {
        const res = await call(method, url, other.session, body);
        expect([res.statusCode, res.json().error.message], `${status}: ${method} ${url}`).toEqual([404, M.notFound]);
      }
      const row = await ctx.db
        .selectFrom('listings')
        .select(['title', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row).toEqual({ title: 'Not out yet', status });
    }
  });
});

describe('creating and editing', () => {
  it('creates a draft from valid input and lists it with counts per status', async () => {
    const s = await userWithSession(ctx, 'seller');
    const res = await call(
      'POST',
      '/api/listings',
      s.session,
      listingInput({ description: 'Line one\r\nLine two of the description' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'draft',
      sellerId: s.user.id,
      priceCents: 24_900,
      currency: 'USD',
      images: [],
      favoriteCount: 0,
      publishedAt: null,
    });
    expect(created.description).toBe('Line one\nLine two of the description');
    const list = await call('GET', '/api/my/listings', s.session);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([created.id]);
    expect(list.json().counts).toMatchObject({ all: 1, draft: 1, active: 0 });
    const drafts = await call('GET', '/api/my/listings?status=active', s.session);
    expect(drafts.json().items).toEqual([]);
  });

  it.each([
    ['a short title', { title: 'Short' }, 'title', M.titleLength],
    ['a missing title', { title: undefined }, 'title', M.titleRequired],
    ['a price of zero', { priceCents: 0 }, 'priceCents', M.price],
    ['a fractional price', { priceCents: 10.5 }, 'priceCents', M.price],
    ['an unknown platform', { platform: 'sega' }, 'platform', M.platform],
    ['a platform from another category', { platform: 'instagram' }, 'platform', M.platformCategory],
    ['an attribute of another category', { followers: 1000 }, 'followers', M.attributeNotApplicable],
    [
      'social without followers',
      { category: 'social', platform: 'tiktok', level: null, itemsCount: null },
      'followers',
      M.followersRequired,
    ],
    [
      'an engagement over 100%',
      { category: 'social', platform: 'tiktok', level: null, itemsCount: null, followers: 10, engagementRate: 140 },
      'engagementRate',
      M.engagement,
    ],
    ['a short description', { description: 'Too short' }, 'description', M.descriptionLength],
    ['another currency', { currency: 'EUR' }, 'currency', M.currency],
    ['an unknown delivery time', { deliveryTime: 'someday' }, 'deliveryTime', M.deliveryTime],
    ['an unknown field', { status: 'active' }, 'status', 'Unknown field: status'],
  ])('rejects %s with the message next to the field', async (_name, over, field, message) => {
    const res = await call('POST', '/api/listings', seller.session, listingInput(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('takes the longest title and description with every character escaped', async () => {
    // An emoji is two UTF-16 units, each written as a 6-byte escape: 30,000 bytes for the description alone.
    const longest = { title: '🎮'.repeat(TITLE_MAX / 2), description: '🎮'.repeat(DESCRIPTION_MAX / 2) };
    const payload = escapedJson(listingInput(longest));
    expect(payload.length).toBeGreaterThan(30_000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload,
      headers: { ...seller.session.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(longest);
  });

  it('edits content but not a sold listing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id);
    const res = await call(
      'PUT',
      `/api/listings/${id}`,
      seller.session,
      listingInput({ title: 'Edited account title here', priceCents: 12_345 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Edited account title here', priceCents: 12_345, status: 'active' });
    const sold = await insertTestListing(ctx, seller.user.id, { status: 'sold' });
    const refused = await call('PUT', `/api/listings/${sold.id}`, seller.session, listingInput());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.soldFinal);
  });
});

describe('status changes', () => {
  const setStatus = (id: string, status: string, s = seller.session) =>
    call('POST', `/api/listings/${id}/status`, s, { status });

  it('publishes a draft only once it has a screenshot', async () => {
    const bare = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 0);
    const refused = await setStatus(bare.id, 'active');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.needsImage);
    const ready = await insertTestListing(ctx, seller.user.id, { status: 'draft', publishedAt: null }, 1);
    ctx.clock.advance(1000);
    const res = await setStatus(ready.id, 'active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', publishedAt: ctx.clock.now() });
  });

  it('moves through reserved and sold; sold is final', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id);
    expect((await setStatus(id, 'reserved')).json().status).toBe('reserved');
    expect((await setStatus(id, 'active')).json().status).toBe('active');
    const sold = await setStatus(id, 'sold');
    expect(sold.json()).toMatchObject({ status: 'sold', soldAt: ctx.clock.now() });
    const again = await setStatus(id, 'active');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.soldFinal);
  });

  it('unpublishes back to draft and refuses a change to the same status', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id);
    expect((await setStatus(id, 'draft')).json().status).toBe('draft');
    const same = await setStatus(id, 'draft');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(M.sameStatus);
  });

  it('never lets the seller change a hidden listing’s status, but shows them the reason', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, {
      status: 'hidden',
      hiddenReason: 'Misleading screenshots',
      statusBeforeHidden: 'active',
    });
    for (const status of ['active', 'draft', 'sold', 'reserved']) {
      const res = await setStatus(id, status);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(M.hiddenStatus);
    }
    const hiddenOnly = await call('GET', '/api/my/listings?status=hidden', seller.session);
    expect(hiddenOnly.json().items.find((i: { id: string }) => i.id === id)).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Misleading screenshots',
    });
    expect((await setStatus(id, 'hidden')).statusCode).toBe(400);
    const row = await ctx.db
      .selectFrom('listings')
      .select(['status', 'statusBeforeHidden'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'hidden', statusBeforeHidden: 'active' });
  });
});

describe('duplicate and delete', () => {
  it('duplicates into a fresh draft with the same details and screenshots', async () => {
    const original = await insertTestListing(
      ctx,
      seller.user.id,
      { status: 'sold', viewCount: 50, favoriteCount: 3 },
      2,
    );
    const res = await call('POST', `/api/listings/${original.id}/duplicate`, seller.session);
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      title: `${original.title} (copy)`,
      priceCents: original.priceCents,
      status: 'draft',
      viewCount: 0,
      favoriteCount: 0,
      publishedAt: null,
      soldAt: null,
    });
    expect(copy.images).toHaveLength(2);
  });

  it('will not copy a listing an admin hid into a draft the seller could publish', async () => {
    const hidden = await insertTestListing(
      ctx,
      seller.user.id,
      { status: 'hidden', hiddenReason: 'Stolen account', statusBeforeHidden: 'active' },
      1,
    );
    const count = async () =>
      (await ctx.db.selectFrom('listings').select('id').where('sellerId', '=', seller.user.id).execute()).length;
    const before = await count();
    const res = await call('POST', `/api/listings/${hidden.id}/duplicate`, seller.session);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'An admin hid this listing, so it cannot be duplicated. Edit it to fix the problem, then ask for a review.',
    );
    expect(await count()).toBe(before);
  });

  it('deletes after which nobody but admins sees it, and it leaves the seller’s list', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { title: 'Soon deleted listing' });
    const res = await call('DELETE', `/api/listings/${id}`, seller.session);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/api/listings/${id}`, buyer.session)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${id}`, seller.session)).statusCode).toBe(404);
    expect((await call('GET', `/api/my/listings/${id}`, seller.session)).statusCode).toBe(404);
    const mine = await call('GET', '/api/my/listings', seller.session);
    expect(mine.json().items.map((i: { id: string }) => i.id)).not.toContain(id);
    const admin = await userWithSession(ctx, 'admin');
    expect((await call('GET', `/api/listings/${id}`, admin.session)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/listings/${id}`, seller.session)).statusCode).toBe(404);
  });
});
