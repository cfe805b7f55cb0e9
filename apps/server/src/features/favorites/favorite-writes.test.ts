import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInAs, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { createCountingTestApp } from '../../test/statement-counter';
import { FAVORITE_WRITES_PER_WINDOW } from './favorites.routes';

let ctx: TestContext;
let statements: { count: number };
let sellerId: string;
let seller: Session;

beforeAll(async () => {
  ({ ctx, statements } = await createCountingTestApp());
  sellerId = (await createUser(ctx, { role: 'seller' })).id;
  seller = await signInAs(ctx, sellerId);
});
afterAll(() => ctx.close());

const add = (s: Session, listingId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/favorites', headers: s.headers, payload: { listingId } });
const remove = (s: Session, listingId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/favorites/${listingId}`, headers: s.headers });
/** Statements a request ran, and its reply. */
const counted = async (url: string, headers: Record<string, string> = {}) => {
  const before = statements.count;
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { statements: statements.count - before, body: res.body };
};

describe('favorite writes', () => {
  it('are limited per member, adding and removing counted together', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const { id } = await insertTestListing(ctx, sellerId);
    for (let i = 0; i < FAVORITE_WRITES_PER_WINDOW; i++) {
      const res = await (i % 2 ? remove(session, id) : add(session, id));
      expect(res.statusCode, `write ${i + 1}`).toBeLessThan(300);
    }
    for (const refused of [await add(session, id), await remove(session, id)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many requests. Please try again later.');
    }
    // Another member is counted on their own.
    expect((await add((await userWithSession(ctx, 'buyer')).session, id)).statusCode).toBe(201);
  });

  it('keep the anonymous browse, search and home replies, which show no favorite counts', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const { id } = await insertTestListing(ctx, sellerId, { title: 'Kept through favorites' });
    const urls = ['/api/listings', '/api/listings?q=favorites&sort=most_viewed', '/api/listings/home'];
    const first = [];
    for (const url of urls) first.push((await counted(url)).body);
    for (const write of [() => add(session, id), () => remove(session, id)]) {
      expect((await write()).statusCode).toBeLessThan(300);
      for (const [i, url] of urls.entries()) {
        const again = await counted(url);
        expect({ url, statements: again.statements }).toEqual({ url, statements: 0 });
        expect(again.body).toBe(first[i]);
      }
    }
  });

  it('show in the count on the seller’s own listing page at once', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const { id } = await insertTestListing(ctx, sellerId, { title: 'Counted for its seller' });
    const count = async () =>
      (await ctx.app.inject({ url: `/api/listings/${id}`, headers: seller.headers })).json<{ favoriteCount: number }>()
        .favoriteCount;
    expect(await count()).toBe(0);
    await add(session, id);
    expect(await count()).toBe(1);
    await remove(session, id);
    expect(await count()).toBe(0);
  });
});
