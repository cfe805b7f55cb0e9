import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../test/test-app';
import { connectSocket, type TestSocket } from '../test/test-socket';

/** A signed-in user sends frames no client of ours would: the socket answers with errors and the server lives on. */
let ctx: TestContext;
let http = '';
let ws = '';
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as { port: number };
  http = `http://127.0.0.1:${port}`;
  ws = `ws://127.0.0.1:${port}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await ctx.close();
});

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + 'null' + '}'.repeat(n);

const hostile: Array<[string, string]> = [
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"chat.send"'],
  ['true', 'true'],
  ['an array', '[1,2,3]'],
  ['an empty object', '{}'],
  ['not JSON', '{"type":'],
  ['an unknown type', '{"type":"admin.deleteEverything","ref":1,"data":{}}'],
  ['a type that is not a string', '{"type":{"toString":1},"ref":1}'],
  ['a prototype key as type', '{"type":"__proto__","ref":1}'],
  ['a ref that is an object', '{"type":"chat.unread","ref":{"x":1},"data":{}}'],
  ['data that is null', '{"type":"chat.send","ref":2,"data":null}'],
  ['data that is a string', '{"type":"chat.read","ref":3,"data":"conversation"}'],
  ['data of the wrong shape', '{"type":"chat.read","ref":4,"data":{"conversationId":5,"seq":"x"}}'],
  ['a huge sequence number', '{"type":"chat.delivered","ref":5,"data":{"conversationId":"c","seq":1e308}}'],
  ['deep array nesting', deep(5000)],
  ['deep object nesting', deepObject(3000)],
  ['deep nesting inside data', `{"type":"chat.typing","ref":6,"data":${deep(4000)}}`],
  ['a NUL byte in a field', '{"type":"chat.typing","ref":7,"data":{"conversationId":"a\\u0000b"}}'],
];

describe('hostile socket frames', () => {
  it('a message holding half of an emoji is refused for its text, as over HTTP', async () => {
    const { session } = await userWithSession(ctx);
    const socket = await connectSocket(ws, session.cookie);
    sockets.push(socket);
    await socket.next('hello');
    socket.ws.send(
      '{"type":"chat.send","ref":8,"data":{"conversationId":"c","clientId":"abcdefgh1234","body":"a\\ud83db"}}',
    );
    const error = await socket.next('error');
    expect(error.message).toBe('Text must not contain half of a character (a broken emoji or symbol).');
    expect(error.fields).toEqual({ body: 'Text must not contain half of a character (a broken emoji or symbol).' });
  });

  it.each(hostile)('%s gets an error event and the server keeps answering', async (_name, frame) => {
    const { session } = await userWithSession(ctx);
    const socket = await connectSocket(ws, session.cookie);
    sockets.push(socket);
    await socket.next('hello');
    socket.ws.send(frame);
    const error = await socket.next('error');
    expect(typeof error.message).toBe('string');
    // The same socket still works afterwards.
    expect(await socket.request('chat.unread', {})).toMatchObject({ total: 0 });
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  });

  it('a frame above the size limit closes that socket only; the server keeps answering', async () => {
    const { session } = await userWithSession(ctx);
    const socket = await connectSocket(ws, session.cookie);
    sockets.push(socket);
    await socket.next('hello');
    socket.ws.send(JSON.stringify({ type: 'chat.send', data: { body: 'x'.repeat(200_000) } }));
    expect((await socket.whenClosed()).code).toBe(1009);
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  });

  it('a client that keeps sending while its frames are refused is closed, whether it reads the answers or not', async () => {
    const { user, session } = await userWithSession(ctx);
    const other = await connectSocket(ws, session.cookie);
    sockets.push(other);
    await other.next('hello');
    for (const reads of [true, false]) {
      const socket = await connectSocket(ws, session.cookie);
      sockets.push(socket);
      await socket.next('hello');
      // Every frame past the budget gets an error event back, which costs the server more than the frame cost to send.
      const tcp = (socket.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      if (!reads) tcp.pause();
      for (let i = 0; i < 150_000 && socket.ws.readyState === socket.ws.OPEN; i++) {
        socket.ws.send('1');
        if (reads && i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
      }
      tcp.resume();
      const closed = await socket.whenClosed();
      expect([closed.code, closed.reason], `reads: ${reads}`).toEqual([1008, 'too many messages']);
    }
    // The member's other socket, with its own budget, and the server keep answering.
    expect(ctx.deps.hub.isOnlineHere(user.id)).toBe(true);
    expect(await other.request('chat.unread', {})).toMatchObject({ total: 0 });
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  }, 60_000);

  it('a socket that sends more than a burst of frames before it has its place is closed, holding none', async () => {
    const { session } = await userWithSession(ctx);
    // The socket's place is slow to come (a slow database): every frame meanwhile waits for it.
    const hub = ctx.deps.hub;
    const add = hub.add.bind(hub);
    let release = () => {};
    const placed = new Promise<void>((resolve) => (release = resolve));
    hub.add = async (...args: Parameters<typeof add>) => (await placed, add(...args));
    try {
      const socket = await connectSocket(ws, session.cookie);
      sockets.push(socket);
      for (let i = 0; i <= 60; i++) socket.ws.send('{"type":"chat.unread","ref":1,"data":{}}');
      const closed = await socket.whenClosed();
      expect([closed.code, closed.reason]).toEqual([1008, 'too many messages']);
    } finally {
      release();
      hub.add = add;
    }
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  });

  it('a binary frame gets an error event', async () => {
    const { session } = await userWithSession(ctx);
    const socket = await connectSocket(ws, session.cookie);
    sockets.push(socket);
    await socket.next('hello');
    socket.ws.send(Buffer.from([0xff, 0x00, 0x01]));
    expect((await socket.next('error')).message).toBe('Messages must be JSON.');
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  });
});
