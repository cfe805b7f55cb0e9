import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, userWithSession, TEST_PASSWORD, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';
import { eraseDueAccounts } from '../admin/account-erasure.service';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let sellerId: string;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  sellerId = (await createUser(ctx, { role: 'seller' })).id;
});
afterAll(() => ctx.close());

const add = (s: Session, listingId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/favorites', headers: s.headers, payload: { listingId } });
const stored = async (id: string) =>
  (await ctx.db.selectFrom('listings').select('favoriteCount').where('id', '=', id).executeTakeFirstOrThrow())
    .favoriteCount;
const recount = async (id: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('listingId', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('listings.favorite_count against a recount of favorites', () => {
  it('stays equal to the favorites rows after a member who favorited it is erased', async () => {
    const { id } = await insertTestListing(ctx, sellerId, { status: 'active' });
    const stays = await userWithSession(ctx, 'buyer');
    const leaves = await userWithSession(ctx, 'buyer');
    expect((await add(stays.session, id)).statusCode).toBe(201);
    expect((await add(leaves.session, id)).statusCode).toBe(201);
    expect(await stored(id)).toBe(2);

    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      headers: leaves.session.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(del.statusCode, del.body).toBe(204);
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await eraseDueAccounts(ctx.deps)).toBeGreaterThanOrEqual(1);

    expect(await recount(id)).toBe(1);
    expect(await stored(id)).toBe(await recount(id));
  });
});
