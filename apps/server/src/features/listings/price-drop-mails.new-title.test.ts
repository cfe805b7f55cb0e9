import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { createTestAppWithUploads, listingInput } from '../../test/listing-fixtures';

/** A seller may retitle a listing in the edit that lowers its price: the mail names the listing its link opens. */
let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

describe('a price drop with a new title', () => {
  it('is mailed under the title the listing now shows', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const fan = await userWithSession(ctx, 'buyer');
    const input = (title: string, priceCents: number) => listingInput({ title, priceCents });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: seller.session.headers,
      payload: input('Gold Valorant account', 20_000),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await ctx.db.updateTable('listings').set({ status: 'active' }).where('id', '=', id).execute();
    const faved = await ctx.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: fan.session.headers,
      payload: { listingId: id },
    });
    expect(faved.statusCode).toBe(201);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: seller.session.headers,
      payload: input('Platinum Valorant account, 90 skins', 15_000),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const mails = (await ctx.mailsTo(fan.user.email)).filter((m) => m.subject.startsWith('Price drop:'));
    expect(mails.map((m) => m.subject)).toEqual(['Price drop: Platinum Valorant account, 90 skins now $150']);
    expect(mails[0]!.text).toContain('"Platinum Valorant account, 90 skins" now costs $150 (it was $200).');
    expect(mails[0]!.text).not.toContain('Gold Valorant account');
  });
});
