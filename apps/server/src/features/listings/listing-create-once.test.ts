import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

/** A create sent again with its request id (its reply was lost) answers the listing the first one made. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads({ LISTING_CREATIONS_PER_DAY: '2' });
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const create = (session: Session, requestId: string, over: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/listings',
    headers: session.headers,
    payload: { ...listingInput(over), requestId },
  });
const listingsOf = (sellerId: string) =>
  ctx.db.selectFrom('listings').select('id').where('sellerId', '=', sellerId).execute();

describe('creating a listing once per request id', () => {
  it('answers a retry with the first listing, spending no more of the daily allowance', async () => {
    const first = await create(seller.session, 'create-aaaa-0001');
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await create(seller.session, 'create-aaaa-0001');
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().id).toBe(first.json().id);
    }
    expect(await listingsOf(seller.user.id)).toHaveLength(1);
    // The allowance (2 a day here) counted the first create only.
    expect((await create(seller.session, 'create-aaaa-0002')).statusCode).toBe(201);
  });

  it('answers two creates of one id at once with one listing', async () => {
    const member = await userWithSession(ctx, 'seller');
    const [a, b] = await Promise.all([
      create(member.session, 'create-bbbb-0001'),
      create(member.session, 'create-bbbb-0001'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await listingsOf(member.user.id)).toHaveLength(1);
  });

  it('keeps each seller’s ids apart', async () => {
    const [one, two] = [await userWithSession(ctx, 'seller'), await userWithSession(ctx, 'seller')];
    const a = await create(one.session, 'create-cccc-0001');
    const b = await create(two.session, 'create-cccc-0001');
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
    expect(b.json().sellerId).toBe(two.user.id);
  });

  it('refuses a malformed request id with 400 and creates nothing', async () => {
    const member = await userWithSession(ctx, 'seller');
    const res = await create(member.session, 'a b');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Save the listing from its form again: its request id is missing or malformed.',
    );
    expect(await listingsOf(member.user.id)).toHaveLength(0);
  });
});
