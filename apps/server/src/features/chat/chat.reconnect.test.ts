import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, type ChatMessage } from '@accountry/shared/chat';
import { buildApp } from '../../app';
import { memoryBus, postgresBus, type Bus } from '../../realtime/bus';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { connectSocket, type TestSocket } from '../../test/test-socket';

/** Real `ws` clients against a listening server: the network path a browser takes, including drops and restarts. */
let ctx: TestContext;
const sockets: TestSocket[] = [];
const extra: Array<{ app: FastifyInstance; bus: Bus }> = [];

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  for (const e of extra) {
    await e.app.close();
    await e.bus.close();
  }
  await ctx.close();
});

/** Another server on the same database, as after a restart. */
async function startServer() {
  const bus = ctx.handle.engine === 'postgres' ? await postgresBus(ctx.handle.url, ctx.handle.pgSchema) : memoryBus();
  const app = await buildApp({ db: ctx.handle, mailer: ctx.mailer, clock: ctx.clock, bus, config: ctx.deps.config });
  extra.push({ app, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, ws: `ws://127.0.0.1:${port}/api/ws`, http: `http://127.0.0.1:${port}` };
}

async function connect(url: string, cookie: string) {
  const s = await connectSocket(url, cookie);
  sockets.push(s);
  await s.next('hello');
  return s;
}

async function setup(http: string) {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const res = await fetch(`${http}/api/chat/conversations`, {
    method: 'POST',
    headers: { ...buyer.session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId: listing.id }),
  });
  return { seller, buyer, conversationId: ((await res.json()) as { conversation: { id: string } }).conversation.id };
}

async function fetchAfter(http: string, cookie: string, conversationId: string, after: number): Promise<ChatMessage[]> {
  const res = await fetch(`${http}/api/chat/conversations/${conversationId}/messages?after=${after}`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: ChatMessage[] }).messages;
}

const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);

describe('real WebSocket clients', () => {
  it('send, receive and read receipts travel between two clients', async () => {
    const server = await startServer();
    const { buyer, seller, conversationId } = await setup(server.http);
    const b = await connect(server.ws, buyer.session.cookie);
    const s = await connect(server.ws, seller.session.cookie);
    const { message } = await b.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: clientId(),
      body: 'Over a real socket',
    });
    expect((await s.next(CHAT_EVENTS.message, (d) => d.message.id === message.id)).message.body).toBe(
      'Over a real socket',
    );
    await s.request(CHAT_EVENTS.read, { conversationId, seq: message.seq });
    await b.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerReadSeq === message.seq);
  });

  it('a client that was offline resumes after its last seen message without gaps or duplicates', async () => {
    const server = await startServer();
    const { buyer, seller, conversationId } = await setup(server.http);
    const b = await connect(server.ws, buyer.session.cookie);
    let s = await connect(server.ws, seller.session.cookie);
    await b.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'one' });
    const seen: ChatMessage[] = [(await s.next(CHAT_EVENTS.message)).message];

    await s.close();
    for (const body of ['two', 'three', 'four'])
      await b.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body });

    s = await connect(server.ws, seller.session.cookie);
    const missed = await fetchAfter(server.http, seller.session.cookie, conversationId, seen.at(-1)!.seq);
    const merged = [...seen, ...missed];
    expect(merged.map((m) => m.body)).toEqual(['one', 'two', 'three', 'four']);
    expect(seqs(merged)).toEqual([1, 2, 3, 4]);
    // Live delivery continues on the new connection.
    // (On PostgreSQL the NOTIFY for 'four' may still reach the new socket; clients merge by seq, so wait for 'five' itself.)
    await b.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'five' });
    expect((await s.next(CHAT_EVENTS.message, (d) => d.message.body === 'five')).message.seq).toBe(5);
  });

  it('a message resent after the connection dropped before its ack is stored once', async () => {
    const server = await startServer();
    const { buyer, seller, conversationId } = await setup(server.http);
    const s = await connect(server.ws, seller.session.cookie);
    const b1 = await connect(server.ws, buyer.session.cookie);
    const id = clientId();
    // The frame reaches the server (the seller gets the message), then the connection dies: the client never saw the ack.
    b1.ws.send(
      JSON.stringify({
        type: CHAT_EVENTS.send,
        ref: 1,
        data: { conversationId, clientId: id, body: 'did this arrive?' },
      }),
    );
    await s.next(CHAT_EVENTS.message, (d) => d.message.clientId === id);
    b1.ws.terminate();
    await b1.whenClosed();

    const b2 = await connect(server.ws, buyer.session.cookie);
    const resent = await b2.request(CHAT_EVENTS.send, { conversationId, clientId: id, body: 'did this arrive?' });
    expect(resent.duplicate).toBe(true);
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['id', 'seq'])
      .where('conversationId', '=', conversationId)
      .execute();
    expect(rows).toEqual([{ id: resent.message.id, seq: 1 }]);
    // The resend is not fanned out again.
    expect(s.all(CHAT_EVENTS.message).filter((d) => d.message.clientId === id)).toHaveLength(1);
  });

  it('after a server restart clients reconnect, resend what was unacknowledged and fetch what they missed, exactly once', async () => {
    const first = await startServer();
    const { buyer, seller, conversationId } = await setup(first.http);
    const b = await connect(first.ws, buyer.session.cookie);
    const s = await connect(first.ws, seller.session.cookie);
    const acked = await b.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'before restart' });
    const sellerSeen = [(await s.next(CHAT_EVENTS.message)).message as ChatMessage];

    // The server stops: both sockets are closed by it.
    await first.app.close();
    await b.whenClosed();
    await s.whenClosed();

    const second = await startServer();
    const b2 = await connect(second.ws, buyer.session.cookie);
    const s2 = await connect(second.ws, seller.session.cookie);
    // The buyer's outbox still holds the acknowledged message's id (a client may resend defensively) and a new one.
    const again = await b2.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: acked.message.clientId,
      body: 'before restart',
    });
    expect(again).toMatchObject({ duplicate: true, message: { id: acked.message.id } });
    const fresh = await b2.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'after restart' });
    expect(fresh.duplicate).toBe(false);
    await s2.next(CHAT_EVENTS.message, (d) => d.message.id === fresh.message.id);

    const missed = await fetchAfter(second.http, seller.session.cookie, conversationId, sellerSeen.at(-1)!.seq);
    const merged = [...sellerSeen, ...missed];
    expect(merged.map((m) => m.body)).toEqual(['before restart', 'after restart']);
    expect(new Set(merged.map((m) => m.id)).size).toBe(merged.length);
  });
});
