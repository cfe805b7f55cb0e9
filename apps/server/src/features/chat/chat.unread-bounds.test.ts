import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';

/**
 * The unread summary (the header's badge; `chat.unread` on the socket, `GET /api/chat/unread`) and the delivered marks
 * it moves read a member's conversations. Others' messages can give a member tens of thousands of them, so what one
 * request reads is bounded: the member's 500 conversations with the latest activity on each side.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the unread summary', () => {
  it("covers the member's 500 latest conversations on each side, and moves their delivered marks only", async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const ids: string[] = [];
    for (let i = 0; i < 501; i++) {
      const listing = await insertListing(ctx, seller.user.id);
      ctx.clock.advance(1000);
      const at = ctx.clock.now();
      const id = newId();
      ids.push(id);
      await ctx.db
        .insertInto('conversations')
        .values({
          id,
          listingId: listing.id,
          buyerId: buyer.user.id,
          sellerId: seller.user.id,
          createdAt: at,
          updatedAt: at,
          lastSeq: 2,
          buyerReadSeq: 0,
          sellerReadSeq: 2,
          buyerDeliveredSeq: 0,
          sellerDeliveredSeq: 2,
          buyerMailedSeq: 0,
          sellerMailedSeq: 0,
          lastMessagePreview: 'hello',
          lastMessageAttachment: false,
          lastSenderId: seller.user.id,
          lastMessageAt: at,
        })
        .execute();
    }
    const unread = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/chat/unread', headers: buyer.session.headers })).json() as {
        total: number;
        conversations: Record<string, number>;
      };
    const delivered = async (id: string) =>
      (
        await ctx.db
          .selectFrom('conversations')
          .select('buyerDeliveredSeq')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).buyerDeliveredSeq;

    const first = await unread();
    expect(first.total).toBe(1000);
    expect(Object.keys(first.conversations)).toHaveLength(500);
    expect(first.conversations[ids[0]!]).toBeUndefined();
    expect(first.conversations[ids[500]!]).toBe(2);
    expect(await delivered(ids[0]!)).toBe(0);
    expect(await delivered(ids[500]!)).toBe(2);

    // A new message brings the oldest to the top: it is counted, and another one leaves the 500.
    ctx.clock.advance(1000);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${ids[0]}/messages`,
      payload: { clientId: clientId(), body: 'Still for sale?' },
      headers: seller.session.headers,
    });
    expect(sent.statusCode).toBe(201);
    const second = await unread();
    expect(second.conversations[ids[0]!]).toBe(3);
    expect(second.conversations[ids[1]!]).toBeUndefined();
    expect(second.total).toBe(1001);
  });
});
