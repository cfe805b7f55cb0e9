import { describe, expect, it } from 'vitest';
import { CHAT_EVENTS, CHAT_MESSAGES } from '@accountry/shared/chat';
import { userWithSession, type TestContext } from '../../test/test-app';
import { clientId, openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';
import { injectSocket } from '../../test/test-socket';
import { useSocketTestApp } from '../../test/socket-test-app';

let ctx: TestContext;
const opened = useSocketTestApp((c) => {
  ctx = c;
});

const socketFor = (cookie: string) => opened.inject(ctx.app, cookie);

async function setup() {
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  const buyerSocket = await socketFor(buyer.session.cookie);
  const sellerSocket = await socketFor(seller.session.cookie);
  return { seller, buyer, conversationId, buyerSocket, sellerSocket };
}

describe('chat over the socket (injectWS)', () => {
  it('acknowledges a send with the stored message and delivers it to both parties at once', async () => {
    const { buyer, conversationId, buyerSocket, sellerSocket } = await setup();
    const id = clientId();
    const ack = await buyerSocket.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: id,
      body: 'Hi! Is the account still for sale?',
    });
    expect(ack).toMatchObject({ duplicate: false, message: { seq: 1, clientId: id, senderId: buyer.user.id } });
    // Stored before it was fanned out.
    expect(
      await ctx.db.selectFrom('messages').select('body').where('id', '=', ack.message.id).executeTakeFirst(),
    ).toEqual({ body: 'Hi! Is the account still for sale?' });

    const received = await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.id === ack.message.id);
    expect(received.message.body).toBe('Hi! Is the account still for sale?');
    expect(received.conversation).toMatchObject({ id: conversationId, lastSeq: 1, sellerReadSeq: 0, buyerReadSeq: 1 });
    const echoed = await buyerSocket.next(CHAT_EVENTS.message, (d) => d.message.id === ack.message.id);
    expect(echoed.message.clientId).toBe(id);
  });

  it('sends delivered and read receipts back to the sender and clears the unread count', async () => {
    const { conversationId, buyerSocket, sellerSocket } = await setup();
    const { message } = await buyerSocket.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: clientId(),
      body: 'Ping',
    });
    expect(await sellerSocket.request(CHAT_EVENTS.unread, {})).toEqual({
      total: 1,
      conversations: { [conversationId]: 1 },
    });

    await sellerSocket.request(CHAT_EVENTS.delivered, { conversationId, seq: message.seq });
    const delivered = await buyerSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerDeliveredSeq === 1);
    expect(delivered.conversation.sellerReadSeq).toBe(0);

    await sellerSocket.request(CHAT_EVENTS.read, { conversationId, seq: message.seq });
    const read = await buyerSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerReadSeq === 1);
    expect(read.conversation.id).toBe(conversationId);
    // The reader's other tabs hear it too, so their header badges update.
    await sellerSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerReadSeq === 1);
    expect(await sellerSocket.request(CHAT_EVENTS.unread, {})).toEqual({ total: 0, conversations: {} });
    // A read marker never passes the last message, and never goes back.
    expect(await sellerSocket.request(CHAT_EVENTS.read, { conversationId, seq: 99 })).toEqual({ moved: false });
    expect(await sellerSocket.request(CHAT_EVENTS.read, { conversationId, seq: 0 })).toEqual({ moved: false });
  });

  it('marks what an offline recipient missed as delivered once their client receives the unread summary', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
    const buyerSocket = await socketFor(buyer.session.cookie);
    // The seller is offline while the buyer writes.
    await buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'Still there?' });
    const stored = () =>
      ctx.db.selectFrom('conversations').select('sellerDeliveredSeq').where('id', '=', conversationId).execute();
    expect(await stored()).toEqual([{ sellerDeliveredSeq: 0 }]);

    // The seller comes online: the header badge asks for the unread summary, which reaches their device.
    const sellerSocket = await socketFor(seller.session.cookie);
    expect(await sellerSocket.request(CHAT_EVENTS.unread, {})).toEqual({
      total: 1,
      conversations: { [conversationId]: 1 },
    });
    const receipt = await buyerSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerDeliveredSeq === 1);
    expect(receipt.conversation).toMatchObject({ id: conversationId, sellerReadSeq: 0 });
    expect(await stored()).toEqual([{ sellerDeliveredSeq: 1 }]);

    // A later message, missed again, is delivered by loading the history (the other way a client receives it).
    await buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'Hello?' });
    const history = await ctx.app.inject({
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: seller.session.headers,
    });
    expect(history.json().messages).toHaveLength(2);
    await buyerSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerDeliveredSeq === 2);
  });

  it('relays typing to the other party only', async () => {
    const { buyer, conversationId, buyerSocket, sellerSocket } = await setup();
    await buyerSocket.request(CHAT_EVENTS.typing, { conversationId });
    expect(await sellerSocket.next(CHAT_EVENTS.typing)).toEqual({ conversationId, userId: buyer.user.id });
    expect(buyerSocket.all(CHAT_EVENTS.typing)).toEqual([]);
  });

  it('passes one typing signal of a member in a conversation every 1.5 s, however many sockets send them', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
    const other = await openConversation(ctx.app, buyer.session.headers, (await insertListing(ctx, seller.user.id)).id);
    const sellerSocket = await socketFor(seller.session.cookie);
    const buyerSockets = [await socketFor(buyer.session.cookie), await socketFor(buyer.session.cookie)];
    const typedIn = (id: string) => sellerSocket.all(CHAT_EVENTS.typing).filter((e) => e.conversationId === id).length;
    const flood = async (id: string) => {
      // Each signal is answered as before (the client cannot tell a dropped one), only fewer reach the other party.
      for (const socket of buyerSockets)
        for (let i = 0; i < 10; i++)
          expect(await socket.request(CHAT_EVENTS.typing, { conversationId: id })).toBeNull();
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
    await buyerSockets[0].request(CHAT_EVENTS.send, {
      conversationId,
      clientId: 'typing-flood-2',
      body: 'Still there?',
    });
    await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.clientId === 'typing-flood-2');
    expect(typedIn(conversationId)).toBe(2);
  });

  it('lets nobody send, read, mark or watch typing in a conversation they are not in', async () => {
    const { conversationId, sellerSocket } = await setup();
    const stranger = await userWithSession(ctx, 'buyer');
    const s = await socketFor(stranger.session.cookie);
    const attempts: Array<[string, object]> = [
      [CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'sneaky' }],
      [CHAT_EVENTS.read, { conversationId, seq: 1 }],
      [CHAT_EVENTS.delivered, { conversationId, seq: 1 }],
      [CHAT_EVENTS.typing, { conversationId }],
    ];
    for (const [type, data] of attempts) {
      await expect(s.request(type, data)).rejects.toThrow(CHAT_MESSAGES.conversationNotFound);
    }
    expect(
      await ctx.db.selectFrom('messages').select('id').where('conversationId', '=', conversationId).execute(),
    ).toEqual([]);
    expect(sellerSocket.all(CHAT_EVENTS.typing)).toEqual([]);
    // Nor does a stranger ever receive the conversation's events.
    await sellerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'private' });
    await sellerSocket.next(CHAT_EVENTS.message);
    expect(s.all(CHAT_EVENTS.message)).toEqual([]);
  });

  it('validates socket messages with the same schema as the route', async () => {
    const { conversationId, buyerSocket } = await setup();
    await expect(
      buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: '' }),
    ).rejects.toThrow(CHAT_MESSAGES.bodyRequired);
    await expect(
      buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'x'.repeat(2001) }),
    ).rejects.toThrow(CHAT_MESSAGES.bodyTooLong);
    await expect(buyerSocket.request(CHAT_EVENTS.send, { conversationId, body: 'no id' })).rejects.toThrow(
      CHAT_MESSAGES.invalidClientId,
    );
  });

  it('closes a socket without a session', async () => {
    const s = await injectSocket(ctx.app, '');
    expect((await s.whenClosed()).code).toBe(4001);
  });
});
