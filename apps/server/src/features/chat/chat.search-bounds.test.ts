import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { insertListing } from './chat-test-helpers';
import { searchConversations } from './conversation-search.service';

/**
 * Searching the conversation list reads message text, which grows without bound (the send limit lets two accounts
 * store tens of thousands of long messages a day). One request looks through a bounded part of it: each conversation's
 * newest 500 messages, and, newest conversations first, at most 100 conversations or 5,000 messages; the page then
 * ends with a cursor from which the next request goes on.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Party = { user: { id: string }; session: Session };

/** A conversation of `messages` messages from the buyer, written directly; `body(seq)` is each one's text. */
async function conversation(seller: Party, buyer: Party, messages: number, body = (seq: number) => `note ${seq}`) {
  const listing = await insertListing(ctx, seller.user.id, { title: 'Plain account' });
  const id = newId();
  ctx.clock.advance(1000);
  const at = ctx.clock.now();
  await ctx.db
    .insertInto('conversations')
    .values({
      id,
      listingId: listing.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      createdAt: at,
      updatedAt: at,
      lastSeq: messages,
      buyerReadSeq: messages,
      sellerReadSeq: messages,
      buyerDeliveredSeq: messages,
      sellerDeliveredSeq: messages,
      buyerMailedSeq: 0,
      sellerMailedSeq: 0,
      lastMessagePreview: body(messages),
      lastMessageAttachment: false,
      lastSenderId: buyer.user.id,
      lastMessageAt: at,
    })
    .execute();
  for (let from = 1; from <= messages; from += 500) {
    const rows = Array.from({ length: Math.min(500, messages - from + 1) }, (_, i) => ({
      id: newId(),
      conversationId: id,
      seq: from + i,
      kind: 'user' as const,
      senderId: buyer.user.id,
      clientId: newId(),
      body: body(from + i),
      attachmentId: null,
      attachmentWidth: null,
      attachmentHeight: null,
      createdAt: at,
    }));
    await ctx.db.insertInto('messages').values(rows).execute();
  }
  return id;
}

async function members() {
  return { seller: await userWithSession(ctx, 'seller'), buyer: await userWithSession(ctx, 'buyer') };
}

async function search(who: Party, q: string, cursor?: string | null, limit = 20) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/chat/conversations?q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers: who.session.headers,
  });
  expect(res.statusCode).toBe(200);
  const page = res.json() as { conversations: Array<{ id: string }>; nextCursor: string | null };
  return { ids: page.conversations.map((c) => c.id), nextCursor: page.nextCursor };
}

describe('searching the conversation list', () => {
  it("looks through each conversation's newest 500 messages", async () => {
    const { seller, buyer } = await members();
    const id = await conversation(seller, buyer, 501, (seq) => (seq <= 2 ? `wanted-${seq} here` : `note ${seq}`));
    expect(await search(buyer, 'wanted-1')).toEqual({ ids: [], nextCursor: null });
    expect(await search(buyer, 'wanted-2')).toEqual({ ids: [id], nextCursor: null });
  });

  it('looks through 100 conversations in one request and goes on from its cursor', async () => {
    const { seller, buyer } = await members();
    const oldest = await conversation(seller, buyer, 1, () => 'the rare word is here');
    const newer: string[] = [];
    for (let i = 0; i < 100; i++) newer.push(await conversation(seller, buyer, 1));
    const first = await search(buyer, 'rare word');
    expect(first.ids).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    expect(await search(buyer, 'rare word', first.nextCursor)).toEqual({ ids: [oldest], nextCursor: null });
    // Matches found within what one request looks through page as before.
    const notes = await search(buyer, 'note 1', null, 50);
    expect(notes.ids).toEqual(newer.slice(50).reverse());
    expect(notes.nextCursor).not.toBeNull();
  });

  it('looks through at most 5,000 messages in one request', async () => {
    const { seller, buyer } = await members();
    const oldest = await conversation(seller, buyer, 500, (seq) => (seq === 500 ? 'found at last' : 'filler text'));
    for (let i = 0; i < 10; i++) await conversation(seller, buyer, 500, () => 'filler text');
    const first = await search(buyer, 'found at last');
    expect(first).toEqual({ ids: [], nextCursor: expect.any(String) });
    expect(await search(buyer, 'found at last', first.nextCursor)).toEqual({ ids: [oldest], nextCursor: null });
  });
});

describe('a search while conversations move', () => {
  it('skips no match that stayed where it was when others move to the top during the request', async () => {
    const { seller, buyer } = await members();
    // Oldest first: A, B, C, D, E; the list shows E, D, C, B, A, and every one matches.
    const [a, b, c, d, e] = [
      await conversation(seller, buyer, 1, () => 'match'),
      await conversation(seller, buyer, 1, () => 'match'),
      await conversation(seller, buyer, 1, () => 'match'),
      await conversation(seller, buyer, 1, () => 'match'),
      await conversation(seller, buyer, 1, () => 'match'),
    ];
    // New messages land in A and B right after the request has read the list's order, before it reads the matches:
    // written when the first statement's result arrives. SQLite's one connection is still held then, and its queue
    // runs this write before the request's next statement; PostgreSQL writes it on another pooled connection first.
    let moved = false;
    const move = () =>
      ctx.db
        .updateTable('conversations')
        .set({ updatedAt: ctx.clock.now() + 60_000 })
        .where('id', 'in', [a, b])
        .execute();
    const racing = ctx.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (!moved) {
          moved = true;
          const written = move();
          if (ctx.handle.engine === 'postgres') await written;
        }
        return args.result;
      },
    });
    const page = await searchConversations(racing, buyer.user.id, 'match', undefined, 2);
    expect(page.rows.map((r) => r.id)).toEqual([e, d]);
    expect(page.next?.id).toBe(d);
    // The next page goes on with C; A and B are now at the top of the list, where a fresh search finds them.
    const next = await searchConversations(ctx.db, buyer.user.id, 'match', page.next!, 2);
    expect(next.rows.map((r) => r.id)).toEqual([c]);
  });
});
