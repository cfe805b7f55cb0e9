import { describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { type Session, type TestContext } from '../../test/test-app';
import { clientId } from '../../test/chat-api';
import { pairWithConversation } from './chat-test-helpers';
import { postSystemMessage, publishSystemMessages } from './system-messages.service';
import { useSocketTestApp } from '../../test/socket-test-app';

let ctx: TestContext;
const opened = useSocketTestApp((c) => {
  ctx = c;
});

const inject = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: session.headers });
const detail = async (session: Session, id: string) =>
  (await inject(session, 'GET', `/api/chat/conversations/${id}`)).json().conversation;
const listed = async (session: Session, id: string) =>
  (await inject(session, 'GET', '/api/chat/conversations'))
    .json()
    .conversations.find((c: { id: string }) => c.id === id);

/** What the buyer may know of the seller's markers, and the seller of the buyer's, while a block stands. */
const sellerHidden = { sellerReadSeq: null, sellerDeliveredSeq: null };
const buyerHidden = { buyerReadSeq: null, buyerDeliveredSeq: null };

describe('read and delivered receipts across a block (decision 236)', () => {
  it.each([
    ['the reader blocked the sender', 'reader'],
    ['the sender blocked the reader', 'sender'],
  ] as const)('%s: no receipt reaches either side, by event or reply, until the unblock', async (_name, who) => {
    // The buyer writes, the seller reads.
    const { seller, buyer, conversationId } = await pairWithConversation(ctx);
    const senderSocket = await opened.inject(ctx.app, buyer.session.cookie);
    for (const body of ['Is it still for sale?', 'Hello?'])
      await senderSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body });
    const [blocker, blocked] = who === 'reader' ? [seller, buyer] : [buyer, seller];
    expect((await inject(blocker.session, 'POST', '/api/chat/blocks', { userId: blocked.user.id })).statusCode).toBe(
      204,
    );

    // The reader comes online: their device gets the messages each way it can, and they read them.
    const readerSocket = await opened.inject(ctx.app, seller.session.cookie);
    expect(await readerSocket.request(CHAT_EVENTS.delivered, { conversationId, seq: 1 })).toEqual({ moved: true });
    expect(await readerSocket.request(CHAT_EVENTS.unread, {})).toEqual({
      total: 2,
      conversations: { [conversationId]: 2 },
    });
    expect(
      (await inject(seller.session, 'GET', `/api/chat/conversations/${conversationId}/messages`)).json().messages,
    ).toHaveLength(2);
    expect(await readerSocket.request(CHAT_EVENTS.read, { conversationId, seq: 2 })).toEqual({ moved: true });
    // The reader's own tabs hear of their read, without the sender's markers; their own count clears.
    const own = await readerSocket.next(CHAT_EVENTS.receipt);
    expect(own.conversation).toMatchObject({ lastSeq: 2, sellerReadSeq: 2, sellerDeliveredSeq: 2, ...buyerHidden });
    expect(await readerSocket.request(CHAT_EVENTS.unread, {})).toEqual({ total: 0, conversations: {} });

    // The replies show each side its own markers and not the other's.
    for (const view of [await detail(buyer.session, conversationId), await listed(buyer.session, conversationId)])
      expect(view).toMatchObject({ unread: 0, counters: { lastSeq: 2, buyerReadSeq: 2, ...sellerHidden } });
    for (const view of [await detail(seller.session, conversationId), await listed(seller.session, conversationId)])
      expect(view).toMatchObject({ unread: 0, counters: { lastSeq: 2, sellerReadSeq: 2, ...buyerHidden } });

    // The unblock's event is published after everything above: the sender heard no receipt before it.
    expect((await inject(blocker.session, 'DELETE', `/api/chat/blocks/${blocked.user.id}`)).statusCode).toBe(204);
    await senderSocket.next(CHAT_EVENTS.block, (d) => !d.blocked);
    expect(senderSocket.all(CHAT_EVENTS.receipt)).toEqual([]);

    // Unblocked, the markers show as they stand and receipts flow again.
    expect((await detail(buyer.session, conversationId)).counters).toMatchObject({
      sellerReadSeq: 2,
      sellerDeliveredSeq: 2,
    });
    await senderSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'Thanks!' });
    await readerSocket.request(CHAT_EVENTS.read, { conversationId, seq: 3 });
    const read = await senderSocket.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerReadSeq === 3);
    expect(read.conversation).toMatchObject({ buyerReadSeq: 3, sellerDeliveredSeq: 3 });
  });

  it("gives each side a system message's event without the other side's markers", async () => {
    const { seller, buyer, conversationId } = await pairWithConversation(ctx);
    const buyerSocket = await opened.inject(ctx.app, buyer.session.cookie);
    const sellerSocket = await opened.inject(ctx.app, seller.session.cookie);
    await buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'Deal?' });
    await sellerSocket.request(CHAT_EVENTS.read, { conversationId, seq: 1 });
    expect((await inject(buyer.session, 'POST', '/api/chat/blocks', { userId: seller.user.id })).statusCode).toBe(204);

    // An order the two started before the block still posts its moves in their conversation.
    const posted = await postSystemMessage(ctx.db, {
      conversationId,
      body: 'The order was paid.',
      now: ctx.clock.now(),
    });
    await publishSystemMessages(ctx.deps, [posted]);
    const toBuyer = await buyerSocket.next(CHAT_EVENTS.message, (d) => d.message.seq === 2);
    expect(toBuyer.conversation).toEqual({ ...posted.counters, ...sellerHidden });
    const toSeller = await sellerSocket.next(CHAT_EVENTS.message, (d) => d.message.seq === 2);
    expect(toSeller.conversation).toEqual({ ...posted.counters, ...buyerHidden });
    expect(toSeller.message.body).toBe('The order was paid.');
  });
});
