import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, CHAT_MESSAGES, type ChatMessageEvent, type ConversationCounters } from '@accountry/shared/chat';
import { createPeerApp, createTestApp, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../db/errors';
import type { BusEvent } from '../../realtime/bus';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { untilLockWaitOr } from '../../test/lock-waits';
import { ChatEvents } from './chat-events';
import { createMessageStore } from './chat.services';
import { toMessage } from './chat-message';
import { sendLimit } from './send-limit';
import type { MessageStore, NewMessage } from './message-store';

let ctx: TestContext;
let store: MessageStore;
const events: BusEvent[] = [];
let wake: (() => void) | null = null;
beforeAll(async () => {
  ctx = await createTestApp();
  // The store as the app builds it, publishing through the app's hub and bus (NOTIFY on PostgreSQL).
  store = createMessageStore(
    ctx.deps,
    new ChatEvents(ctx.deps.hub),
    ctx.deps.log,
    sendLimit(ctx.deps.config.chatSendPerMinute),
  );
  ctx.bus.subscribe((e) => {
    events.push(e);
    wake?.();
  });
});
afterAll(async () => {
  await ctx.close();
});

const inject = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers });

async function conversation() {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const opened = await inject(buyer.session.headers, 'POST', '/api/chat/conversations', { listingId: listing.id });
  return { seller, buyer, conversationId: opened.json().conversation.id as string };
}

function message(c: Awaited<ReturnType<typeof conversation>>, body: string, over: Partial<NewMessage> = {}) {
  return {
    id: newId(),
    conversationId: c.conversationId,
    side: 'buyer' as const,
    senderId: c.buyer.user.id,
    recipientId: c.seller.user.id,
    clientId: clientId(),
    body,
    preview: body,
    now: ctx.clock.now(),
    ...over,
  };
}

/** The events of a type for the conversation, once `count` of them have arrived. */
async function eventsFor<T>(type: string, conversationId: string, count: number) {
  const matching = () =>
    events.filter(
      (e) => e.type === type && (e.data as { conversation: ConversationCounters }).conversation.id === conversationId,
    );
  while (matching().length < count) await new Promise<void>((r) => (wake = r));
  return matching().map((e) => e.data as T);
}

describe('the chat write path', () => {
  it('stores messages sent together in order; one refused or failing among them loses or reorders none', async () => {
    const c = await conversation();
    const blocked = await conversation();
    const other = await conversation();
    expect(
      (await inject(blocked.seller.session.headers, 'POST', '/api/chat/blocks', { userId: blocked.buyer.user.id }))
        .statusCode,
    ).toBe(204);
    const first = message(c, 'one');
    // All queued in the same turn of the event loop: they share one transaction (SQLite) or the first message of
    // each conversation shares one statement (PostgreSQL).
    const results = await Promise.allSettled([
      store.store(first),
      store.store(message(c, 'two')),
      store.store(message(blocked, 'refused: the recipient blocked the sender')),
      store.store(message(other, 'fails: no such sender', { senderId: 'no-such-user' })),
      store.store(message(c, 'three')),
      store.store({ ...message(c, 'a resend of one'), clientId: first.clientId }),
    ]);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    // The resend is refused: seen as stored (null), or on PostgreSQL, racing its original, by the unique index
    // (the service then answers with the stored message).
    const resend = results[5];
    if (resend.status === 'rejected') expect(isUniqueViolation(resend.reason)).toBe(true);
    else expect(resend.value).toBeNull();
    const value = (i: number) =>
      (results[i] as PromiseFulfilledResult<Awaited<ReturnType<MessageStore['store']>>>).value;
    expect(value(2)).toBeNull();
    const stored = [value(0)!, value(1)!, value(4)!];
    expect(stored.map((s) => s.row.seq).sort()).toEqual([1, 2, 3]);
    // Group commit keeps the order they were queued in; on PostgreSQL each send is its own statement.
    if (testEngine === 'sqlite') expect(stored.map((s) => s.row.body)).toEqual(['one', 'two', 'three']);

    const rows = await ctx.db
      .selectFrom('messages')
      .select(['seq', 'body', 'clientId'])
      .where('conversationId', '=', c.conversationId)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual(
      [...stored]
        .sort((a, b) => a.row.seq - b.row.seq)
        .map((s) => ({ seq: s.row.seq, body: s.row.body, clientId: s.row.clientId })),
    );
    const counters = await ctx.db
      .selectFrom('conversations')
      .select(['lastSeq', 'buyerReadSeq', 'buyerDeliveredSeq', 'lastMessagePreview'])
      .where('id', '=', c.conversationId)
      .executeTakeFirstOrThrow();
    expect(counters).toMatchObject({ lastSeq: 3, buyerReadSeq: 3, buyerDeliveredSeq: 3 });
    for (const empty of [blocked, other]) {
      expect(
        await ctx.db.selectFrom('messages').select('id').where('conversationId', '=', empty.conversationId).execute(),
      ).toHaveLength(0);
      const untouched = await ctx.db
        .selectFrom('conversations')
        .select('lastSeq')
        .where('id', '=', empty.conversationId)
        .executeTakeFirstOrThrow();
      expect(untouched.lastSeq).toBe(0);
    }

    // Each stored message is published once, complete, to both parties.
    const published = await eventsFor<ChatMessageEvent>(CHAT_EVENTS.message, c.conversationId, 3);
    expect(published.map((e) => e.message.seq).sort()).toEqual([1, 2, 3]);
    for (const e of published) {
      const mine = stored.find((s) => s.row.seq === e.message.seq)!;
      expect(e.message).toMatchObject({ id: mine.row.id, body: mine.row.body, senderId: c.buyer.user.id });
      expect(e.conversation.lastSeq).toBe(e.message.seq);
    }
    expect(events.find((e) => e.type === CHAT_EVENTS.message && e.data === undefined)).toBeUndefined();
  });

  it('moves delivered marks queued together to the highest, never past the last message, and tells the sender', async () => {
    const c = await conversation();
    for (const body of ['a', 'b', 'c']) {
      const res = await inject(
        c.seller.session.headers,
        'POST',
        `/api/chat/conversations/${c.conversationId}/messages`,
        {
          clientId: clientId(),
          body,
        },
      );
      expect(res.statusCode).toBe(201);
    }
    const marks = [2, 1, 99].map((seq) => ({ conversationId: c.conversationId, side: 'buyer' as const, seq }));
    const moved = await Promise.all(marks.map((m) => store.delivered([m])));
    expect(moved.flat()[0]).toBe(true);
    const row = await ctx.db
      .selectFrom('conversations')
      .select(['buyerDeliveredSeq', 'buyerReadSeq'])
      .where('id', '=', c.conversationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ buyerDeliveredSeq: 3, buyerReadSeq: 0 });
    expect(await store.delivered([{ conversationId: c.conversationId, side: 'buyer', seq: 3 }])).toEqual([false]);

    const receipts = await eventsFor<{ conversation: ConversationCounters }>(CHAT_EVENTS.receipt, c.conversationId, 1);
    const last = () =>
      events
        .filter(
          (e) =>
            e.type === CHAT_EVENTS.receipt &&
            (e.data as { conversation: ConversationCounters }).conversation.id === c.conversationId,
        )
        .at(-1)!;
    while (((last().data as { conversation: ConversationCounters }).conversation.buyerDeliveredSeq ?? 0) < 3)
      await new Promise<void>((r) => (wake = r));
    expect(receipts.length).toBeGreaterThan(0);
    // Delivery matters to the sender only.
    expect(last().audience).toEqual({ userIds: [c.seller.user.id] });
  });

  it.runIf(testEngine === 'postgres')(
    "a send waiting for one conversation's row holds up no other conversation's sends or marks",
    async () => {
      const stuck = await conversation();
      const free = await conversation();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      // Another connection holds the conversation's row, as a long transaction elsewhere would.
      const holder = ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('conversations').select('id').where('id', '=', stuck.conversationId).forUpdate().execute();
        locked();
        await held;
      });
      try {
        await lockTaken;
        let stuckDone = false;
        const waiting = store
          .store(message(stuck, 'waits for the lock'))
          .then((stored) => ((stuckDone = true), stored));
        await untilLockWaitOr(ctx.db);
        // The other conversation's send and its delivered mark go ahead while the first send still waits.
        const goesAhead = async () => {
          const stored = await store.store(message(free, 'goes ahead'));
          const [moved] = await store.delivered([{ conversationId: free.conversationId, side: 'seller', seq: 1 }]);
          return { seq: stored?.row.seq, moved };
        };
        let timer: ReturnType<typeof setTimeout> | undefined;
        const outcome = await Promise.race([
          goesAhead(),
          new Promise<'still waiting'>((r) => (timer = setTimeout(() => r('still waiting'), 10_000))),
        ]);
        clearTimeout(timer);
        expect(outcome).toEqual({ seq: 1, moved: true });
        expect(stuckDone).toBe(false);
        release();
        await holder;
        expect((await waiting)?.row.seq).toBe(1);
      } finally {
        release();
        await holder;
      }
    },
  );

  it('leaves a body out of a message event only where the bus limits its size (NOTIFY), not within one process', async () => {
    const c = await conversation();
    const stored = (await store.store(message(c, 'first')))!;
    // Beyond what one NOTIFY carries (a typed message cannot grow this large; the event path must not rely on that).
    const body = 'x'.repeat(8000);
    await new ChatEvents(ctx.deps.hub).message(stored.counters, { ...toMessage(stored.row), body });
    const [, large] = await eventsFor<ChatMessageEvent>(CHAT_EVENTS.message, c.conversationId, 2);
    if (testEngine === 'postgres') {
      expect(large.truncated).toBe(true);
      expect(large.message.body).toBe('');
    } else {
      expect(large.truncated).toBeUndefined();
      expect(large.message.body).toBe(body);
    }
  });

  it('a block or a disabled account takes effect on the next send, on another server process at once', async () => {
    const c = await conversation();
    const peer = await createPeerApp(ctx);
    try {
      const send = (who: typeof c.buyer) =>
        peer.app.inject({
          method: 'POST',
          url: `/api/chat/conversations/${c.conversationId}/messages`,
          payload: { clientId: clientId(), body: 'still there?' },
          headers: who.session.headers,
        });
      // The peer has sent in this conversation before, so whatever it keeps about it is warm.
      expect((await send(c.buyer)).statusCode).toBe(201);
      expect(
        (await inject(c.seller.session.headers, 'POST', '/api/chat/blocks', { userId: c.buyer.user.id })).statusCode,
      ).toBe(204);
      const refused = await send(c.buyer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
      const own = await send(c.seller);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(CHAT_MESSAGES.youBlocked);

      const unblocked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/chat/blocks/${c.buyer.user.id}`,
        headers: c.seller.session.headers,
      });
      expect(unblocked.statusCode).toBe(204);
      expect((await send(c.buyer)).statusCode).toBe(201);

      await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', c.seller.user.id).execute();
      const gone = await send(c.buyer);
      expect(gone.statusCode).toBe(403);
      expect(gone.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
    } finally {
      await peer.close();
    }
  });
});
