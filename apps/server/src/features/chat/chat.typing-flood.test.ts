import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';
import { OpenSockets } from '../../test/test-socket';

let ctx: TestContext;
const opened = new OpenSockets();
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await opened.closeAll();
  await ctx.close();
});

it('passes one typing signal of a member in a conversation every 1.5 s, however many sockets send them', async () => {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  const other = await openConversation(ctx.app, buyer.session.headers, (await insertListing(ctx, seller.user.id)).id);
  const sellerSocket = await opened.inject(ctx.app, seller.session.cookie);
  const buyerSockets = [
    await opened.inject(ctx.app, buyer.session.cookie),
    await opened.inject(ctx.app, buyer.session.cookie),
  ];
  const typedIn = (id: string) => sellerSocket.all(CHAT_EVENTS.typing).filter((e) => e.conversationId === id).length;
  const flood = async (id: string) => {
    // Each signal is answered as before (the client cannot tell a dropped one), only fewer reach the other party.
    for (const socket of buyerSockets)
      for (let i = 0; i < 10; i++) expect(await socket.request(CHAT_EVENTS.typing, { conversationId: id })).toBeNull();
  };

  await flood(conversationId);
  await sellerSocket.next(CHAT_EVENTS.typing);
  // Another conversation has its own allowance.
  await flood(other);
  await sellerSocket.next(CHAT_EVENTS.typing, (e) => e.conversationId === other);
  // A publish in flight would have reached the socket by the time a later event does.
  await buyerSockets[0].request(CHAT_EVENTS.send, { conversationId, clientId: 'typing-flood-1', body: 'Hello' });
  await sellerSocket.next(CHAT_EVENTS.message);
  expect(typedIn(conversationId)).toBe(1);
  expect(typedIn(other)).toBe(1);

  ctx.clock.advance(1_499);
  await flood(conversationId);
  ctx.clock.advance(1);
  await flood(conversationId);
  await buyerSockets[0].request(CHAT_EVENTS.send, { conversationId, clientId: 'typing-flood-2', body: 'Still there?' });
  await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.clientId === 'typing-flood-2');
  expect(typedIn(conversationId)).toBe(2);
});
