import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestContext } from '../../test/test-app';
import { pairWithConversation } from './chat-test-helpers';
import { sendTextMessage } from '../../test/chat-api';

/**
 * A deleted listing keeps the status it had (decision 043), so a conversation about one said nothing of it: the chat
 * showed the listing as on sale, and its link led to a page that does not exist.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const statusSeen = async (session: Session, conversationId: string) => {
  const list = await ctx.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: session.headers });
  const one = await ctx.app.inject({
    method: 'GET',
    url: `/api/chat/conversations/${conversationId}`,
    headers: session.headers,
  });
  const inList = list.json().conversations.find((c: { id: string }) => c.id === conversationId);
  return [inList.listing.status, one.json().conversation.listing.status];
};

describe('a conversation about a deleted listing', () => {
  it('says to both parties that the listing was deleted', async () => {
    const { seller, buyer, conversationId } = await pairWithConversation(ctx);
    expect((await sendTextMessage(ctx.app, buyer.session.headers, conversationId, 'Still for sale?')).statusCode).toBe(
      201,
    );
    const { listingId } = await ctx.db
      .selectFrom('conversations')
      .select('listingId')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(await statusSeen(buyer.session, conversationId)).toEqual(['active', 'active']);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${listingId}`,
      headers: seller.session.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await statusSeen(buyer.session, conversationId)).toEqual(['deleted', 'deleted']);
    expect(await statusSeen(seller.session, conversationId)).toEqual(['deleted', 'deleted']);
    // The conversation itself stays, with its title, for both.
    const reopened = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { listingId },
      headers: buyer.session.headers,
    });
    expect(reopened.json().conversation).toMatchObject({ id: conversationId, listing: { status: 'deleted' } });
  });
});
