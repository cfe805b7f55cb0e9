import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { userWithSession, type Session } from '../../test/test-app';
import {
  createTestAppWithUploads,
  imageBytes,
  insertTestListing,
  listingInput,
  multipart,
} from '../../test/listing-fixtures';

/** A save or status change decided on what a tab showed is refused (409) once the listing moved on from it. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const stored = (id: string) => ctx.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const own = async (id: string) => (await call('GET', `/api/my/listings/${id}`, seller.session)).json();

describe('a status change from a stale tab', () => {
  it('is refused when the listing is no longer in the status the tab showed, and changes nothing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' });
    // Another tab published and reserved it; this one still shows a draft with Publish.
    expect((await call('POST', `/api/listings/${id}/status`, seller.session, { status: 'active' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/listings/${id}/status`, seller.session, { status: 'reserved' })).statusCode).toBe(
      200,
    );
    const stale = await call('POST', `/api/listings/${id}/status`, seller.session, { status: 'active', from: 'draft' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.message).toBe(CHANGED_MEANWHILE);
    expect((await stored(id)).status).toBe('reserved');
  });

  it('goes through from the status the tab showed', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'active' });
    const res = await call('POST', `/api/listings/${id}/status`, seller.session, {
      status: 'reserved',
      from: 'active',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id)).status).toBe('reserved');
  });
});

describe('a save from a stale tab', () => {
  it('is refused once another save changed the listing, and keeps that save', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' });
    const seen = (await own(id)).contentVersion as number;
    expect(seen).toEqual(expect.any(Number));
    const first = await call('PUT', `/api/listings/${id}`, seller.session, {
      ...listingInput({ title: 'Saved first from the other tab' }),
      contentVersion: seen,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().contentVersion).toBe(seen + 1);
    const stale = await call('PUT', `/api/listings/${id}`, seller.session, {
      ...listingInput({ title: 'Saved later from a stale tab' }),
      contentVersion: seen,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.message).toBe(CHANGED_MEANWHILE);
    expect((await stored(id)).title).toBe('Saved first from the other tab');
  });

  it('is not refused because a screenshot was added or moved since the tab read the listing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' }, 0);
    const seen = (await own(id)).contentVersion as number;
    const body = multipart(await imageBytes());
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/images`,
      payload: body.payload,
      headers: { ...seller.session.headers, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await call('PUT', `/api/listings/${id}`, seller.session, { ...listingInput(), contentVersion: seen });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('mails a price drop once when two saves decided on the same listing race', async () => {
    const fan = await userWithSession(ctx, 'buyer');
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'active', priceCents: 20_000 });
    expect((await call('POST', '/api/favorites', fan.session, { listingId: id })).statusCode).toBe(201);
    const seen = (await own(id)).contentVersion as number;
    const results = await Promise.all(
      [15_000, 14_000].map((priceCents) =>
        call('PUT', `/api/listings/${id}`, seller.session, {
          ...listingInput({ title: 'Diamond League of Legends account', priceCents }),
          contentVersion: seen,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const drops = (await ctx.mailsTo(fan.user.email)).filter((m) => m.subject.startsWith('Price drop:'));
    expect(drops).toHaveLength(1);
  });
});
