import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { clientId, openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';
import { connectSocket, type TestSocket } from '../../test/test-socket';
import { OFFLINE_GRACE_MS } from './presence.service';

let ctx: TestContext;
let wsUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  // A real listening server: leaving is noticed when the TCP connection closes.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await ctx.close();
});

async function connect(cookie: string) {
  const s = await connectSocket(wsUrl, cookie);
  sockets.push(s);
  await s.next('hello');
  return s;
}

describe('online and last-seen presence', () => {
  it('tells the people you talk to when you come online and when you leave, with the time you were last seen', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      payload: { clientId: clientId(), body: 'hi' },
      headers: buyer.session.headers,
    });
    const get = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/chat/conversations/${conversationId}`,
          headers: seller.session.headers,
        })
      ).json().conversation.other;

    const sellerSocket = await connect(seller.session.cookie);
    expect((await get()).online).toBe(false);

    const buyerSocket = await connect(buyer.session.cookie);
    expect(await sellerSocket.next(CHAT_EVENTS.presence, (d) => d.online)).toEqual({
      userId: buyer.user.id,
      online: true,
      lastSeen: null,
    });
    expect((await get()).online).toBe(true);

    ctx.clock.advance(60_000);
    await buyerSocket.close();
    // After a short grace period (a reload reconnects within it), the others hear they left.
    const offline = await sellerSocket.next(CHAT_EVENTS.presence, (d) => !d.online, OFFLINE_GRACE_MS + 5000);
    expect(offline).toEqual({ userId: buyer.user.id, online: false, lastSeen: ctx.clock.now() });
    expect(await get()).toMatchObject({ online: false, lastSeen: ctx.clock.now() });
  });
});
