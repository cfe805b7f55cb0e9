import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingStatus } from '@accountry/shared/listings';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { countForSale, insertTestListing, setListingStatus } from '../../test/listing-fixtures';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const LIVE_LISTINGS =
  'This member has listings for sale. Hide them on the Listings page, or wait for their orders to finish, before you ' +
  'take selling away from them.';

const setRole = (userId: string, role: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/role`, headers: admin.headers, payload: { role } });
const roleOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
const auditCount = async (id: string) =>
  (await ctx.db.selectFrom('auditLog').select('id').where('targetId', '=', id).execute()).length;

/** A member in `role` with one listing in `status`. */
async function memberWith(status: ListingStatus, role: 'seller' | 'both' | 'admin' = 'seller') {
  const { user } = await userWithSession(ctx, role);
  const listing = await insertTestListing(ctx, user.id, { status });
  return { user, listing };
}

describe("an admin's change of a member's role to one that cannot sell", () => {
  it.each([
    ['a seller', 'an active listing', 'active', 'seller'],
    ['a member who buys and sells', 'a reserved listing', 'reserved', 'both'],
    ['an admin', 'an active listing', 'active', 'admin'],
  ] as const)(
    'is refused with 409 for %s with %s: nothing saved, nothing audited',
    async (_who, _what, status, role) => {
      const { user } = await memberWith(status, role);
      const res = await setRole(user.id, 'buyer');
      expect([res.statusCode, res.json().error?.message]).toEqual([409, LIVE_LISTINGS]);
      expect(await roleOf(user.id)).toBe(role);
      expect(await auditCount(user.id)).toBe(0);
    },
  );

  it.each(['draft', 'sold', 'hidden'] as const)('goes through when their listings are %s only', async (status) => {
    const { user } = await memberWith(status);
    expect((await setRole(user.id, 'buyer')).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe('buyer');
  });

  it('goes through once the admin has hidden the listing', async () => {
    const { user, listing } = await memberWith('active');
    const hidden = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listing.id}/hide`,
      headers: admin.headers,
      payload: { reason: 'Seller no longer sells here' },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await setRole(user.id, 'buyer')).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe('buyer');
  });

  it('leaves every change that keeps selling alone', async () => {
    const { user } = await memberWith('active');
    expect((await setRole(user.id, 'both')).statusCode).toBe(200);
    expect((await setRole(user.id, 'admin')).statusCode).toBe(200);
    expect((await setRole(user.id, 'seller')).statusCode).toBe(200);
    expect(await roleOf(user.id)).toBe('seller');
  });

  it('and a publish racing it never leaves a buyer with a listing for sale', async () => {
    for (let round = 0; round < 5; round++) {
      const { user, session } = await userWithSession(ctx, 'seller');
      const listing = await insertTestListing(ctx, user.id, { status: 'draft' });
      const [switched, published] = await Promise.all([
        setRole(user.id, 'buyer'),
        setListingStatus(ctx, session.headers, listing.id, 'active'),
      ]);
      // One of the two wins; never both.
      expect(
        (await roleOf(user.id)) === 'buyer' && (await countForSale(ctx, user.id)) > 0,
        `round ${round}: ${switched.statusCode} ${published.statusCode}`,
      ).toBe(false);
    }
  });
});
