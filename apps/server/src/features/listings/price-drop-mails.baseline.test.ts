import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

/**
 * Decision 196: a price-drop mail goes only for a price at least 5% below the price the member last heard of, "the
 * price when they favorited it, or the last price mailed to them".
 */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;

beforeAll(async () => {
  ctx = await createTestAppWithUploads();
  seller = await userWithSession(ctx, 'seller');
});
afterAll(() => ctx.close());

const TITLE = 'Ascendant Valorant account with 80 skins';
const call = (method: 'POST' | 'PUT', url: string, session: Session, payload: object) =>
  ctx.app.inject({ method, url, headers: session.headers, payload });
const edit = (id: string, priceCents: number) =>
  call('PUT', `/api/listings/${id}`, seller.session, listingInput({ title: TITLE, priceCents }));
const dropMails = async (to: string) => (await ctx.mailsTo(to)).filter((m) => m.subject.startsWith('Price drop:'));

describe('price drops of favorites', () => {
  it('mail nothing when the seller raises the price after the favorite and lowers it back above the favorited price', async () => {
    const created = await call(
      'POST',
      '/api/listings',
      seller.session,
      listingInput({ title: TITLE, priceCents: 20_000 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await ctx.db.updateTable('listings').set({ status: 'active' }).where('id', '=', id).execute();
    const fan = await userWithSession(ctx, 'buyer');
    // The member favorites it at $200: that is the price they heard of.
    expect((await call('POST', '/api/favorites', fan.session, { listingId: id })).statusCode).toBe(201);

    // The seller raises it to $1,000, then "drops" it to $900: still far above the $200 the member favorited it at.
    expect((await edit(id, 100_000)).statusCode).toBe(200);
    expect((await edit(id, 90_000)).statusCode).toBe(200);
    expect((await dropMails(fan.user.email)).map((m) => m.subject)).toEqual([]);

    // A real drop below what the member heard of is still mailed.
    expect((await edit(id, 15_000)).statusCode).toBe(200);
    expect((await dropMails(fan.user.email)).map((m) => m.subject)).toEqual([`Price drop: ${TITLE} now $150`]);
  });
});
