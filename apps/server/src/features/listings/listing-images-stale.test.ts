import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, insertTestListing } from '../../test/listing-fixtures';

/** Screenshot changes sent against a list that moved on, and the last screenshot of a hidden listing. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
let seller: { user: { id: string }; session: Session };

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const imageIds = async (listingId: string) =>
  (
    await ctx.db
      .selectFrom('listingImages')
      .select('id')
      .where('listingId', '=', listingId)
      .orderBy('position')
      .execute()
  ).map((r) => r.id);
const remove = (listingId: string, imageId: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/listings/${listingId}/images/${imageId}`,
    headers: seller.session.headers,
  });
const reorder = (listingId: string, ids: string[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/listings/${listingId}/images/order`,
    headers: seller.session.headers,
    payload: { ids },
  });

describe('a screenshot change against a list that moved on', () => {
  it('removing a screenshot another tab removed answers 409: the page reads the list again', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' }, 2);
    const [a, b] = await imageIds(id);
    expect((await remove(id, a)).statusCode).toBe(204);
    const again = await remove(id, a);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(
      'The screenshots changed in the meantime. Try again on the list as it is now.',
    );
    expect(await imageIds(id)).toEqual([b]);
  });

  it('an order that misses a screenshot added meanwhile, or names a removed one, answers 409 and moves nothing', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' }, 3);
    const [a, b, c] = await imageIds(id);
    const missing = await reorder(id, [b, a]);
    expect(missing.statusCode, missing.body).toBe(409);
    expect(missing.json().error.message).toBe(M.imagesChanged);
    await ctx.db.deleteFrom('listingImages').where('id', '=', c).execute();
    const gone = await reorder(id, [c, b, a]);
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json().error.message).toBe(M.imagesChanged);
    expect(await imageIds(id)).toEqual([a, b]);
  });

  it('an order naming a screenshot twice is bad input: 400 and nothing moves', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'draft' }, 2);
    const [a, b] = await imageIds(id);
    const twice = await reorder(id, [b, b]);
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().error.message).toBe(M.imageOrder);
    expect(await imageIds(id)).toEqual([a, b]);
  });
});

describe('the last screenshot of a hidden listing', () => {
  it('may go when the listing returns to a draft once an admin unhides it', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'hidden', statusBeforeHidden: 'draft' }, 1);
    const [a] = await imageIds(id);
    expect((await remove(id, a)).statusCode).toBe(204);
    expect(await imageIds(id)).toEqual([]);
  });

  it('stays when the listing returns to sale, with advice the seller can follow', async () => {
    const { id } = await insertTestListing(ctx, seller.user.id, { status: 'hidden', statusBeforeHidden: 'active' }, 1);
    const [a] = await imageIds(id);
    const res = await remove(id, a);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This listing goes back on sale when an admin unhides it, so it keeps at least one screenshot. ' +
        'Add another screenshot before you remove this one.',
    );
    expect(await imageIds(id)).toEqual([a]);
  });
});
