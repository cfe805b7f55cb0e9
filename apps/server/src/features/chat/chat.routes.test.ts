import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@accountry/shared/chat';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Party = Awaited<ReturnType<typeof userWithSession>>;
const inject = (session: Session | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: session?.headers ?? {} });

async function setup(listingOver = {}) {
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  const listing = await insertListing(ctx, seller.user.id, listingOver);
  const open = await inject(buyer.session, 'POST', '/api/chat/conversations', { listingId: listing.id });
  return { seller, buyer, listing, conversationId: open.json().conversation.id as string, open };
}

const send = (p: Party, conversationId: string, body: string, id = clientId()) =>
  inject(p.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, { clientId: id, body });

describe('opening a conversation from a listing', () => {
  it('creates it once for the buyer and returns the same one after', async () => {
    const { buyer, listing, open, conversationId } = await setup();
    expect(open.statusCode).toBe(201);
    expect(open.json()).toMatchObject({
      created: true,
      conversation: {
        role: 'buyer',
        listing: { id: listing.id, title: listing.title },
        other: { displayName: 'Sam Seller' },
        unread: 0,
        canSend: true,
      },
    });
    const again = await inject(buyer.session, 'POST', '/api/chat/conversations', { listingId: listing.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, conversation: { id: conversationId } });
  });

  it('refuses the seller’s own listing, and answers hidden, draft and deleted listings as unknown ones', async () => {
    const seller = await userWithSession(ctx, 'both');
    const other = await userWithSession(ctx, 'buyer');
    const own = await insertListing(ctx, seller.user.id);
    const res = await inject(seller.session, 'POST', '/api/chat/conversations', { listingId: own.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.ownListing);
    const unknown = await inject(other.session, 'POST', '/api/chat/conversations', { listingId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CHAT_MESSAGES.listingNotFound);
    // Anyone with an id must not learn that a withdrawn or unpublished listing exists.
    for (const over of [{ status: 'hidden' as const }, { status: 'draft' as const }, { deletedAt: ctx.clock.now() }]) {
      const l = await insertListing(ctx, seller.user.id, over);
      const r = await inject(other.session, 'POST', '/api/chat/conversations', { listingId: l.id });
      expect({ status: r.statusCode, body: r.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    }
  });

  it('still opens a buyer’s own conversation about a listing hidden since', async () => {
    const { buyer, listing, conversationId } = await setup();
    await ctx.db.updateTable('listings').set({ status: 'hidden' }).where('id', '=', listing.id).execute();
    const again = await inject(buyer.session, 'POST', '/api/chat/conversations', { listingId: listing.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, conversation: { id: conversationId } });
  });

  it('requires a session and the CSRF token', async () => {
    const { listing, buyer } = await setup();
    expect((await inject(null, 'POST', '/api/chat/conversations', { listingId: listing.id })).statusCode).toBe(401);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { listingId: listing.id },
      headers: { cookie: buyer.session.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('messages over REST', () => {
  it('stores a message, numbers it, and shows it in both lists with unread counts', async () => {
    const { buyer, seller, conversationId } = await setup();
    const res = await send(buyer, conversationId, '  Is this still available?  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({
      seq: 1,
      body: 'Is this still available?',
      senderId: buyer.user.id,
      attachment: null,
    });

    const sellerList = (await inject(seller.session, 'GET', '/api/chat/conversations')).json();
    expect(sellerList.conversations).toHaveLength(1);
    expect(sellerList.conversations[0]).toMatchObject({
      id: conversationId,
      role: 'seller',
      unread: 1,
      other: { displayName: 'Bea Buyer' },
      lastMessage: { preview: 'Is this still available?', senderId: buyer.user.id },
    });
    const buyerList = (await inject(buyer.session, 'GET', '/api/chat/conversations')).json();
    expect(buyerList.conversations[0]).toMatchObject({ unread: 0, role: 'buyer' });
    expect((await inject(seller.session, 'GET', '/api/chat/unread')).json()).toEqual({
      total: 1,
      conversations: { [conversationId]: 1 },
    });

    // The seller loaded the list, so the buyer's message counts as delivered; reading it clears the count.
    const detail = (await inject(buyer.session, 'GET', `/api/chat/conversations/${conversationId}`)).json()
      .conversation;
    expect(detail.counters).toMatchObject({ lastSeq: 1, sellerDeliveredSeq: 1, sellerReadSeq: 0 });
    expect(
      (await inject(seller.session, 'POST', `/api/chat/conversations/${conversationId}/read`, { seq: 1 })).json(),
    ).toEqual({ moved: true });
    expect((await inject(seller.session, 'GET', '/api/chat/unread')).json()).toEqual({ total: 0, conversations: {} });
  });

  it('treats a resend with the same client id as the same message', async () => {
    const { buyer, conversationId } = await setup();
    const id = clientId();
    const first = await send(buyer, conversationId, 'hello', id);
    const second = await send(buyer, conversationId, 'hello', id);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ duplicate: true, message: { id: first.json().message.id, seq: 1 } });
    const rows = await ctx.db.selectFrom('messages').selectAll().where('conversationId', '=', conversationId).execute();
    expect(rows).toHaveLength(1);
  });

  it('pages history by sequence number: newest page first, older pages before it, and everything after a point', async () => {
    const { buyer, seller, conversationId } = await setup();
    for (let i = 1; i <= 7; i++) await send(i % 2 ? buyer : seller, conversationId, `message ${i}`);
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const newest = (await inject(buyer.session, 'GET', `${url}?limit=3`)).json();
    expect(newest.messages.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
    expect(newest.hasMore).toBe(true);
    const older = (await inject(buyer.session, 'GET', `${url}?limit=3&before=5`)).json();
    expect(older.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
    const oldest = (await inject(buyer.session, 'GET', `${url}?limit=3&before=2`)).json();
    expect(oldest).toMatchObject({ hasMore: false, messages: [{ seq: 1, body: 'message 1' }] });
    const after = (await inject(seller.session, 'GET', `${url}?after=4`)).json();
    expect(after.messages.map((m: { body: string }) => m.body)).toEqual(['message 5', 'message 6', 'message 7']);
  });

  it.each([
    ['an empty message', { clientId: 'abcdefgh12', body: '   ' }, 'body', CHAT_MESSAGES.bodyRequired],
    ['a message over the limit', { clientId: 'abcdefgh12', body: 'x'.repeat(2001) }, 'body', CHAT_MESSAGES.bodyTooLong],
    ['a missing client id', { body: 'hi' }, 'clientId', CHAT_MESSAGES.invalidClientId],
    ['an unknown field', { clientId: 'abcdefgh12', body: 'hi', html: '<b>' }, 'html', 'Unknown field: html'],
  ])('rejects %s with the field named', async (_name, payload, field, message) => {
    const { buyer, conversationId } = await setup();
    const res = await inject(buyer.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('limits how fast one user sends, and refills with time', async () => {
    const { buyer, conversationId } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(buyer, conversationId, `m${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const limited = await send(buyer, conversationId, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(CHAT_MESSAGES.rateLimited);
    ctx.clock.advance(2_000);
    expect((await send(buyer, conversationId, 'after a pause')).statusCode).toBe(201);
    // With the burst spent, one message every two seconds goes on being allowed, and no faster.
    expect((await send(buyer, conversationId, 'too soon')).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(2_000);
      expect((await send(buyer, conversationId, `steady ${i}`)).statusCode).toBe(201);
    }
    // A minute without sending gives the whole burst back.
    ctx.clock.advance(60_000);
    for (let i = 0; i < 10; i++) expect((await send(buyer, conversationId, `burst ${i}`)).statusCode).toBe(201);
    expect((await send(buyer, conversationId, 'burst spent')).statusCode).toBe(429);
  });
});

describe('who can read a conversation', () => {
  it('answers 404 to anyone who is not one of its two parties, on every route', async () => {
    const { conversationId } = await setup();
    const stranger = await userWithSession(ctx, 'both');
    const base = `/api/chat/conversations/${conversationId}`;
    const attempts = [
      inject(stranger.session, 'GET', base),
      inject(stranger.session, 'GET', `${base}/messages`),
      inject(stranger.session, 'GET', `${base}/messages?after=0`),
      send(stranger, conversationId, 'let me in'),
      inject(stranger.session, 'POST', `${base}/read`, { seq: 1 }),
      inject(stranger.session, 'POST', `${base}/report`, { reason: 'spam' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CHAT_MESSAGES.conversationNotFound);
    }
    expect((await inject(stranger.session, 'GET', '/api/chat/conversations')).json().conversations).toEqual([]);
    expect((await inject(null, 'GET', `${base}/messages`)).statusCode).toBe(401);
  });

  it('an admin is not a party either', async () => {
    const { conversationId } = await setup();
    const admin = await userWithSession(ctx, 'admin');
    expect((await inject(admin.session, 'GET', `/api/chat/conversations/${conversationId}/messages`)).statusCode).toBe(
      404,
    );
  });
});

describe('the conversation list', () => {
  it('orders by latest activity, pages with a cursor, searches names, titles and messages, and leaves out empty conversations', async () => {
    const seller = await userWithSession(ctx, 'seller', { displayName: 'Quinn Trader' });
    const buyers = await Promise.all(
      ['Ann', 'Ben', 'Cleo'].map((n) => userWithSession(ctx, 'buyer', { displayName: n })),
    );
    const titles = ['Fortnite OG skins', 'Instagram 50k followers', 'Netflix premium'];
    const ids: string[] = [];
    for (const [i, b] of buyers.entries()) {
      const l = await insertListing(ctx, seller.user.id, { title: titles[i] });
      const id = (await inject(b.session, 'POST', '/api/chat/conversations', { listingId: l.id })).json().conversation
        .id;
      ids.push(id);
      ctx.clock.advance(1000);
      await send(b, id, i === 1 ? 'Can you do 100% discount_' : `hi from ${b.user.displayName}`);
    }
    const empty = await insertListing(ctx, seller.user.id, { title: 'Never written about' });
    await inject(buyers[0].session, 'POST', '/api/chat/conversations', { listingId: empty.id });
    ctx.clock.advance(1000);
    await send(seller, ids[0], 'Ann, still there?');

    const list = async (q = '') => (await inject(seller.session, 'GET', `/api/chat/conversations?limit=2${q}`)).json();
    const first = await list();
    expect(first.conversations.map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2]]);
    const second = await list(`&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.conversations.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect(second.nextCursor).toBeNull();

    expect((await list('&q=cleo')).conversations.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
    expect((await list('&q=INSTAGRAM')).conversations.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await list('&q=100%25')).conversations.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await list('&q=_')).conversations.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await list('&q=quinn')).conversations).toEqual([]);
    expect((await inject(seller.session, 'GET', '/api/chat/conversations?cursor=garbage')).statusCode).toBe(400);
  });
});
