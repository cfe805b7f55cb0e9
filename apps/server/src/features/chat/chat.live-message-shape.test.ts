import { describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { userWithSession, type TestContext } from '../../test/test-app';
import { openConversation, sendTextMessage } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';
import { useSocketTestApp } from '../../test/socket-test-app';

/**
 * A message that arrives live is the one the history gives: the chat page tells its own messages from the other
 * side's and from the site's notices by `kind`, so an event without it drew a member's message as someone else's.
 */
let ctx: TestContext;
const opened = useSocketTestApp((c) => {
  ctx = c;
});

describe('a live chat message', () => {
  it('reaches both parties exactly as the history gives it, kind included', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
    const sellerSocket = await opened.inject(ctx.app, seller.session.cookie);
    const buyerOtherTab = await opened.inject(ctx.app, buyer.session.cookie);

    const sent = await sendTextMessage(ctx.app, buyer.session.headers, conversationId, 'Is it still for sale?');
    expect(sent.statusCode).toBe(201);
    const { message } = sent.json();
    expect(message.kind).toBe('user');

    const received = await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.id === message.id);
    expect(received.message).toEqual(message);
    const echoed = await buyerOtherTab.next(CHAT_EVENTS.message, (d) => d.message.id === message.id);
    expect(echoed.message).toEqual(message);

    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: seller.session.headers,
    });
    expect(history.json().messages).toEqual([message]);
  });

  it('keeps its kind when several sent at once are stored together', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const sellerSocket = await opened.inject(ctx.app, seller.session.cookie);
    const sends = [];
    for (let i = 0; i < 4; i++) {
      const buyer = await userWithSession(ctx, 'buyer');
      const listing = await insertListing(ctx, seller.user.id);
      const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
      sends.push({ buyer, conversationId });
    }
    // Sent in one turn of the event loop, the store numbers them in one batch.
    const replies = await Promise.all(
      sends.map(({ buyer, conversationId }) =>
        sendTextMessage(ctx.app, buyer.session.headers, conversationId, 'Hello there'),
      ),
    );
    for (const reply of replies) {
      const { message } = reply.json();
      const received = await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.id === message.id);
      expect(received.message).toEqual(message);
    }
  });
});
