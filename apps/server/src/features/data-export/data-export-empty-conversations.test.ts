import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { openConversation } from '../../test/chat-api';
import { insertListing } from '../../test/deal-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

describe('the data export and conversations nobody wrote in', () => {
  it("does not tell a seller about a conversation a buyer opened but never wrote in (the site's lists hide it)", async () => {
    const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
    const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Quiet Quentin' });
    const listing = await insertListing(ctx, seller.user.id);
    // The buyer clicks "Message the seller" and leaves without writing.
    await openConversation(ctx.app, buyer.session.headers, listing.id);
    ctx.clock.advance(1000);

    // On the site, the seller's conversation list does not show it.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/chat/conversations',
      headers: seller.session.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().conversations).toHaveLength(0);

    // Nor should the seller's copy of their data.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/data-export',
      payload: { password: TEST_PASSWORD },
      headers: seller.session.headers,
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversations).toEqual([]);
    expect(res.body).not.toContain('Quiet Quentin');
  });
});
