import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { ORDER_CHAT_MESSAGES as T } from '@accountry/shared/order-messages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { injectSocket, type TestSocket } from '../../test/test-socket';
import { arrangeDeal, call, expectLedgerHealthy, orderUpTo, sweep, type Party } from './orders-test-helpers';

let ctx: TestContext;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(async () => {
  for (const s of sockets) await s.close();
  await ctx.close();
});

const H = 3_600_000;
const D = 24 * H;

/** The order's conversation as a party reads it through the chat API: every message, oldest first. */
async function thread(who: Party, orderId: string) {
  const order = await call(ctx, who, 'GET', `/api/orders/${orderId}`);
  const conversationId = order.body.conversationId as string;
  expect(conversationId).toEqual(expect.any(String));
  const page = await call(ctx, who, 'GET', `/api/chat/conversations/${conversationId}/messages?limit=50`);
  expect(page.status).toBe(200);
  const messages = page.body.messages as Array<{ kind: string; senderId: string | null; body: string; seq: number }>;
  return { conversationId, messages };
}
const systemBodies = (messages: Array<{ kind: string; body: string }>) =>
  messages.filter((m) => m.kind === 'system').map((m) => m.body);

describe('order events in the order conversation', () => {
  it('posts one sender-less message per move, in order, in the conversation the buyer already had', async () => {
    const deal = await arrangeDeal(ctx, { protectionDays: 5 });
    const opened = await call(ctx, deal.buyer, 'POST', '/api/chat/conversations', { listingId: deal.listing.id });
    const existing = (opened.body.conversation as { id: string }).id;
    const sent = await call(ctx, deal.buyer, 'POST', `/api/chat/conversations/${existing}/messages`, {
      clientId: 'client-before-order-1',
      body: 'Is it still available?',
    });
    expect(sent.status).toBe(201);

    const id = await orderUpTo(ctx, deal, 'protection');
    ctx.clock.advance(5 * D + 1);
    await sweep(ctx);

    const { conversationId, messages } = await thread(deal.seller, id);
    expect(conversationId).toBe(existing);
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(messages[0]).toMatchObject({ kind: 'user', body: 'Is it still available?' });
    expect(systemBodies(messages)).toEqual([
      'Order created. Waiting for the buyer to pay.',
      'The buyer has paid. The money is held until the order completes. Seller: please deliver the credentials.',
      'The seller has delivered the credentials on the order page. The buyer has 72 hours to check the account.',
      'The buyer accepted the account. The protection period has started.',
      'The order is completed. The seller has been paid.',
    ]);
    for (const m of messages.slice(1)) expect(m.senderId).toBeNull();
    // The credentials never reach the chat.
    expect(messages.some((m) => m.body.includes('valorant_king') || m.body.includes('S3cret'))).toBe(false);
  });

  it('counts system messages as unread for both parties until each reads them', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const { conversationId } = await thread(deal.buyer, id);
    for (const who of [deal.buyer, deal.seller]) {
      const unread = await call(ctx, who, 'GET', '/api/chat/unread');
      expect((unread.body.conversations as Record<string, number>)[conversationId]).toBe(2);
    }
    expect(
      (await call(ctx, deal.buyer, 'POST', `/api/chat/conversations/${conversationId}/read`, { seq: 2 })).status,
    ).toBe(200);
    const buyerUnread = await call(ctx, deal.buyer, 'GET', '/api/chat/unread');
    const sellerUnread = await call(ctx, deal.seller, 'GET', '/api/chat/unread');
    expect((buyerUnread.body.conversations as Record<string, number>)[conversationId] ?? 0).toBe(0);
    expect((sellerUnread.body.conversations as Record<string, number>)[conversationId]).toBe(2);
    const list = await call(ctx, deal.seller, 'GET', `/api/chat/conversations/${conversationId}`);
    expect((list.body.conversation as { lastMessage: unknown }).lastMessage).toMatchObject({
      senderId: null,
      preview: expect.stringMatching(/^The buyer has paid/),
    });
  });

  it('posts the dispute, the decision and the cancel, expiry and late-delivery messages', async () => {
    const disputed = await arrangeDeal(ctx);
    const d = await orderUpTo(ctx, disputed, 'delivered');
    expect(
      (
        await call(ctx, disputed.buyer, 'POST', `/api/orders/${d}/dispute`, {
          reason: 'The original owner took it back.',
        })
      ).status,
    ).toBe(200);
    const admin = await arrangeDeal(ctx, {}, 'admin');
    const decided = await call(ctx, admin.buyer, 'POST', `/api/admin/orders/${d}/decision`, {
      outcome: 'partial_refund',
      refundCents: 2_500,
      reason: 'Part of the promised items were missing.',
    });
    expect(decided.status).toBe(200);
    expect(systemBodies((await thread(disputed.buyer, d)).messages).slice(-2)).toEqual([
      T.dispute,
      'An admin decided the dispute: $25.00 is refunded to the buyer, the rest goes to the seller. The reason is on the order page.',
    ]);

    const released = await arrangeDeal(ctx);
    const r = await orderUpTo(ctx, released, 'protection');
    await call(ctx, released.buyer, 'POST', `/api/orders/${r}/dispute`, { reason: 'I lost access to the account.' });
    await call(ctx, admin.buyer, 'POST', `/api/admin/orders/${r}/decision`, {
      outcome: 'release',
      reason: 'The seller showed the buyer changed the password.',
    });
    expect(systemBodies((await thread(released.seller, r)).messages).at(-1)).toBe(
      'An admin decided the dispute in favour of the seller. The protection period resumes.',
    );

    const canceled = await arrangeDeal(ctx);
    const c = await orderUpTo(ctx, canceled, 'paid');
    expect(
      (await call(ctx, canceled.buyer, 'POST', `/api/orders/${c}/cancel`, { reason: 'Changed my mind' })).status,
    ).toBe(200);
    expect(systemBodies((await thread(canceled.buyer, c)).messages).at(-1)).toBe(
      'The buyer canceled the order. The payment was refunded in full.',
    );

    const expired = await arrangeDeal(ctx);
    const e = await orderUpTo(ctx, expired, 'pending_payment');
    const late = await arrangeDeal(ctx, { deliveryTime: 'instant' });
    const l = await orderUpTo(ctx, late, 'paid');
    ctx.clock.advance(2 * H + 1);
    await sweep(ctx);
    expect(systemBodies((await thread(expired.buyer, e)).messages).at(-1)).toBe(
      'The order expired unpaid. The listing is available again.',
    );
    expect(systemBodies((await thread(late.seller, l)).messages).at(-1)).toBe(
      'The order was canceled because the credentials were not delivered in time. The buyer was refunded.',
    );
  });

  it('posts nothing when a move is refused', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const before = (await thread(deal.buyer, id)).messages;
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(409);
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`)).status).toBe(409);
    expect((await call(ctx, deal.seller, 'POST', `/api/orders/${id}/cancel`)).status).toBe(403);
    expect((await thread(deal.buyer, id)).messages).toEqual(before);
  });

  it('delivers the message live over the socket to both parties', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const { conversationId } = await thread(deal.seller, id);
    const seller = await injectSocket(ctx.app, deal.seller.session.cookie);
    sockets.push(seller);
    await seller.next('hello');
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(200);
    const event = await seller.next(
      CHAT_EVENTS.message,
      (e) => e.message.conversationId === conversationId && e.message.seq === 2,
    );
    expect(event.message).toMatchObject({ kind: 'system', senderId: null, body: T.pay });
    expect(event.conversation).toMatchObject({ lastSeq: 2, buyerReadSeq: 0, sellerReadSeq: 0 });
  });
});
