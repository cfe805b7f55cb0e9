import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingStatus } from '@accountry/shared/listings';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { countForSale, insertTestListing, setListingStatus } from '../../test/listing-fixtures';
import { freshIp } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const LIVE_LISTINGS =
  'You have listings for sale. Unpublish them, or wait for their orders to finish, before you switch to buying only.';

const patch = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload, remoteAddress: freshIp() });
const userRow = (id: string) =>
  ctx.db.selectFrom('users').select(['role', 'displayName']).where('id', '=', id).executeTakeFirstOrThrow();

/** A seller (or both) with one listing in `status`. */
async function sellerWith(status: ListingStatus, role: 'seller' | 'both' = 'seller') {
  const member = await userWithSession(ctx, role, { displayName: 'Sam Reyes' });
  const listing = await insertTestListing(ctx, member.user.id, { status });
  return { ...member, listing };
}

describe("a seller's own switch to buying only", () => {
  it.each([
    ['an active listing', 'active', 'seller'],
    ['a reserved listing', 'reserved', 'both'],
  ] as const)('is refused with 409 while they have %s, nothing saved', async (_what, status, role) => {
    const { user, session } = await sellerWith(status, role);
    const res = await patch(session.headers, { role: 'buyer', displayName: 'Sam Buyer' });
    expect([res.statusCode, res.json().error?.message]).toEqual([409, LIVE_LISTINGS]);
    expect(await userRow(user.id)).toEqual({ role, displayName: 'Sam Reyes' });
  });

  it.each(['draft', 'sold', 'hidden'] as const)('goes through when their listings are %s only', async (status) => {
    const { user, session } = await sellerWith(status);
    const res = await patch(session.headers, { role: 'buyer' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).role).toBe('buyer');
  });

  it('goes through once the listing is unpublished, and a deleted listing does not count', async () => {
    const { user, session, listing } = await sellerWith('active');
    const unpublished = await setListingStatus(ctx, session.headers, listing.id, 'draft');
    expect(unpublished.statusCode).toBe(200);
    await insertTestListing(ctx, user.id, { status: 'active', deletedAt: ctx.clock.now() });
    expect((await patch(session.headers, { role: 'buyer' })).statusCode).toBe(200);
    expect((await userRow(user.id)).role).toBe('buyer');
  });

  it('still lets a seller with live listings become both, or change only their name', async () => {
    const { user, session } = await sellerWith('active');
    expect((await patch(session.headers, { role: 'both' })).statusCode).toBe(200);
    expect((await patch(session.headers, { displayName: 'Sam Both' })).statusCode).toBe(200);
    expect(await userRow(user.id)).toEqual({ role: 'both', displayName: 'Sam Both' });
  });

  it('and a publish racing it never leaves a buyer with a listing for sale', async () => {
    for (let round = 0; round < 5; round++) {
      const { user, session, listing } = await sellerWith('draft');
      const [switched, published] = await Promise.all([
        patch(session.headers, { role: 'buyer' }),
        setListingStatus(ctx, session.headers, listing.id, 'active'),
      ]);
      const { role } = await userRow(user.id);
      // One of the two wins; never both.
      expect(
        role === 'buyer' && (await countForSale(ctx, user.id)) > 0,
        `round ${round}: ${switched.statusCode} ${published.statusCode}`,
      ).toBe(false);
    }
  });
});
