import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, CHAT_MESSAGES } from '@accountry/shared/chat';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { injectSocket, type TestSocket } from '../../test/test-socket';

let ctx: TestContext;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await ctx.close();
});

const inject = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: session.headers });

async function setup() {
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId: string = (
    await inject(buyer.session, 'POST', '/api/chat/conversations', { listingId: listing.id })
  ).json().conversation.id;
  const send = (who: typeof buyer, body: string) =>
    inject(who.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, { clientId: clientId(), body });
  expect((await send(buyer, 'hello')).statusCode).toBe(201);
  return { seller, buyer, listing, conversationId, send };
}

describe('blocking', () => {
  it('stops the blocked user messaging the blocker, and the blocker until they unblock', async () => {
    const { seller, buyer, conversationId, send } = await setup();
    const buyerSocket = await injectSocket(ctx.app, buyer.session.cookie);
    sockets.push(buyerSocket);
    await buyerSocket.next('hello');

    expect((await inject(seller.session, 'POST', '/api/chat/blocks', { userId: buyer.user.id })).statusCode).toBe(204);
    expect(await buyerSocket.next(CHAT_EVENTS.block)).toEqual({
      blockerId: seller.user.id,
      blockedId: buyer.user.id,
      blocked: true,
    });

    const refused = await send(buyer, 'are you there?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
    await expect(
      buyerSocket.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'socket too?' }),
    ).rejects.toThrow(CHAT_MESSAGES.cannotMessage);
    const own = await send(seller, 'one more thing');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(CHAT_MESSAGES.youBlocked);

    const asBuyer = (await inject(buyer.session, 'GET', `/api/chat/conversations/${conversationId}`)).json()
      .conversation;
    expect(asBuyer).toMatchObject({ canSend: false, blockedByMe: false, other: { online: false, lastSeen: null } });
    const asSeller = (await inject(seller.session, 'GET', `/api/chat/conversations/${conversationId}`)).json()
      .conversation;
    expect(asSeller).toMatchObject({ canSend: false, blockedByMe: true });
    expect((await inject(seller.session, 'GET', '/api/chat/blocks')).json().users).toEqual([
      { id: buyer.user.id, displayName: 'Bea Buyer', blockedAt: ctx.clock.now() },
    ]);

    expect((await inject(seller.session, 'DELETE', `/api/chat/blocks/${buyer.user.id}`)).statusCode).toBe(204);
    expect((await send(buyer, 'thanks for unblocking')).statusCode).toBe(201);
    expect((await inject(seller.session, 'GET', '/api/chat/blocks')).json().users).toEqual([]);
  });

  it('refuses blocking yourself or someone who does not exist', async () => {
    const { buyer } = await setup();
    const self = await inject(buyer.session, 'POST', '/api/chat/blocks', { userId: buyer.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(CHAT_MESSAGES.cannotBlockSelf);
    expect((await inject(buyer.session, 'POST', '/api/chat/blocks', { userId: 'ghost' })).statusCode).toBe(404);
  });

  it('refuses messages to a disabled account', async () => {
    const { seller, buyer, send } = await setup();
    await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', seller.user.id).execute();
    const res = await send(buyer, 'hello?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
  });
});

describe('reporting a conversation', () => {
  it('files one open report for the admins and refuses a second while it is open', async () => {
    const { buyer, conversationId } = await setup();
    const res = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/report`, {
      reason: 'scam',
      details: ' Asked me to pay outside the site. ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CHAT_MESSAGES.reportSent);
    const row = await ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      targetType: 'conversation',
      targetId: conversationId,
      reporterId: buyer.user.id,
      reason: 'scam',
      message: 'Asked me to pay outside the site.',
      status: 'open',
    });

    const again = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/report`, {
      reason: 'spam',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CHAT_MESSAGES.alreadyReported);
    // Once resolved, a new problem can be reported.
    await ctx.db.updateTable('reports').set({ status: 'resolved' }).where('id', '=', res.json().id).execute();
    expect(
      (await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/report`, { reason: 'spam' }))
        .statusCode,
    ).toBe(201);
  });

  it('files one open report when the same member sends it several times at once', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyer, conversationId } = await setup();
      const answers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/report`, {
            reason: 'scam',
          });
          return { status: res.statusCode, message: res.json().error?.message };
        }),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201)).toEqual(
        Array(5).fill({ status: 409, message: 'You have already reported this conversation.' }),
      );
      const rows = await ctx.db.selectFrom('reports').select('status').where('targetId', '=', conversationId).execute();
      expect(rows).toEqual([{ status: 'open' }]);
    }
  });

  it('needs a reason', async () => {
    const { buyer, conversationId } = await setup();
    const res = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/report`, {
      reason: 'bored',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe(CHAT_MESSAGES.reasonRequired);
  });
});

describe('message text is stored as text', () => {
  it('keeps markup as typed (the app renders it as text) and strips control characters', async () => {
    const { buyer, conversationId } = await setup();
    const body = '<img src=x onerror=alert(1)> see javascript:alert(1)\u0007\u001b';
    const res = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      clientId: clientId(),
      body,
    });
    expect(res.json().message.body).toBe('<img src=x onerror=alert(1)> see javascript:alert(1)');
    // A NUL byte is refused like in every other request (decision 075).
    const nul = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      clientId: clientId(),
      body: 'hello\u0000',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('Text must not contain NUL characters.');
  });

  it('refuses half of an emoji, which could not be stored as acknowledged, and stores nothing', async () => {
    const { buyer, seller, conversationId } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      payload: `{"clientId":"${clientId()}","body":"a\\ud800b"}`,
      headers: { ...buyer.session.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Text must not contain half of a character (a broken emoji or symbol).');
    const history = await inject(seller.session, 'GET', `/api/chat/conversations/${conversationId}/messages`);
    expect(history.json().messages.map((m: { body: string }) => m.body)).toEqual(['hello']);
  });

  it('shows a long message of emoji in the conversation list without cutting one in half', async () => {
    const { buyer, seller, conversationId } = await setup();
    const sent = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
      clientId: clientId(),
      body: '😀'.repeat(100),
    });
    expect(sent.statusCode).toBe(201);
    const list = await inject(seller.session, 'GET', '/api/chat/conversations');
    const conversation = list.json().conversations.find((c: { id: string }) => c.id === conversationId);
    expect(conversation.lastMessage.preview).toBe(`${'😀'.repeat(69)}…`);
  });
});
