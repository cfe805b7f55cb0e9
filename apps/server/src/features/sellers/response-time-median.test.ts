import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../test/test-app';
import { createTestAppWithUploads, insertConversation, insertTestListing } from '../../test/listing-fixtures';

let ctx: Awaited<ReturnType<typeof createTestAppWithUploads>>;
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

const MIN = 60_000;

describe("a seller's response time", () => {
  it('is the middle of an even number of answers: the mean of the two middle waits', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const viewer = await userWithSession(ctx, 'buyer');
    const asked = ctx.clock.now();
    for (const wait of [5, 10, 20, 60]) {
      const buyer = await userWithSession(ctx, 'buyer');
      const listing = await insertTestListing(ctx, seller.user.id);
      const id = await insertConversation(ctx, listing.id, buyer.user.id, seller.user.id);
      await ctx.db
        .updateTable('conversations')
        .set({ buyerFirstMessageAt: asked, sellerFirstMessageAt: asked + wait * MIN })
        .where('id', '=', id)
        .execute();
    }
    const res = await ctx.app.inject({ url: `/api/sellers/${seller.user.id}`, headers: viewer.session.headers });
    expect(res.statusCode).toBe(200);
    // Waits of 5, 10, 20 and 60 minutes: half answer within 15, the other half after.
    expect(res.json().responseTimeMinutes).toBe(15);
  });
});
