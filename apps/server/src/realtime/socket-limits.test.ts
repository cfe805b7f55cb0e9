import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../test/test-app';
import { injectSocket, TestSocket } from '../test/test-socket';

/** Heartbeats end dead connections; a socket's message budget and a user's socket count are bounded. */
let ctx: TestContext;
let ws = '';
const open: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ws = `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(async () => {
  for (const s of open) await s.close();
  await ctx.close();
});

/** A real client; `answerPings: false` stands for a peer that vanished without closing (no pongs come back). */
async function connect(cookie: string, answerPings = true) {
  const socket = new TestSocket(new WebSocket(ws, { headers: { cookie }, autoPong: answerPings }));
  await new Promise((resolve, reject) => socket.ws.once('open', resolve).once('error', reject));
  open.push(socket);
  await socket.next('hello');
  return socket;
}

describe('heartbeat', () => {
  it('terminates a connection that misses two pongs and keeps one that answers', async () => {
    const silent = await userWithSession(ctx);
    const alive = await userWithSession(ctx);
    const gone = await connect(silent.session.cookie, false);
    const answering = await connect(alive.session.cookie);
    const hub = ctx.deps.hub;
    for (let beat = 1; beat <= 3; beat++) {
      const pinged = new Promise((resolve) => answering.ws.once('ping', resolve));
      await hub.heartbeat();
      if (beat < 3) {
        await pinged;
        // The pong went out before this request, on the same connection: the server has seen it when this answers.
        await answering.request('chat.unread', {});
        expect(hub.isOnlineHere(silent.user.id)).toBe(true);
      }
    }
    expect((await gone.whenClosed()).code).toBe(1006);
    expect(hub.isOnlineHere(silent.user.id)).toBe(false);
    expect(hub.isOnlineHere(alive.user.id)).toBe(true);
    expect(await answering.request('chat.unread', {})).toMatchObject({ total: 0 });
  });
});

describe('message budget', () => {
  it('answers messages beyond the burst with an error event until the budget refills', async () => {
    const { session } = await userWithSession(ctx);
    const socket = await connect(session.cookie);
    const answers = await Promise.allSettled(Array.from({ length: 61 }, () => socket.request('chat.unread', {})));
    expect(answers.slice(0, 60).every((a) => a.status === 'fulfilled')).toBe(true);
    const refused = answers[60];
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason.message).toBe(
      'Too many messages. Slow down and try again in a moment.',
    );
    await expect(socket.request('chat.typing', { conversationId: 'c1' })).rejects.toThrow(
      'Too many messages. Slow down and try again in a moment.',
    );
    ctx.clock.advance(1000);
    for (let i = 0; i < 5; i++) await socket.request('chat.unread', {});
    await expect(socket.request('chat.unread', {})).rejects.toThrow('Too many messages');
    // Another socket of the same user has its own budget.
    expect(await (await connect(session.cookie)).request('chat.unread', {})).toMatchObject({ total: 0 });
  });
});

describe('sockets per user', () => {
  it('closes a socket beyond the cap with a clear code and reason; the others keep working', async () => {
    const { session } = await userWithSession(ctx);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 20; i++) {
      const s = await injectSocket(ctx.app, session.cookie);
      open.push(s);
      sockets.push(s);
      await s.next('hello');
    }
    const extra = await injectSocket(ctx.app, session.cookie);
    expect(await extra.whenClosed()).toEqual({ code: 4008, reason: 'too many connections for this user' });
    expect(extra.all('hello')).toEqual([]);
    expect(await sockets[0].request('chat.unread', {})).toMatchObject({ total: 0 });
  });
});
