import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SOCKET_LIMITS } from '@accountry/shared/socket-protocol';
import { sendText } from './socket-writes';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const wss of servers.splice(0)) {
    for (const client of wss.clients) client.terminate();
    await new Promise((r) => wss.close(r));
  }
});

/** A server-side socket and a client that collects what it receives; `writes` counts the TCP socket's writes. */
async function connectedPair() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(wss);
  await new Promise((r) => wss.once('listening', r));
  const accepted = new Promise<WebSocket>((r) => wss.once('connection', r));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
  const received: string[] = [];
  client.on('message', (raw) => received.push(raw.toString()));
  await new Promise((r) => client.once('open', r));
  const server = await accepted;
  const tcp = (server as unknown as { _socket: Socket })._socket as Socket & {
    _write: (...a: unknown[]) => void;
    _writev: (...a: unknown[]) => void;
  };
  const counter = { writes: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = tcp[method].bind(tcp);
    tcp[method] = (...args: unknown[]) => {
      counter.writes += 1;
      original(...args);
    };
  }
  return { server, client, received, counter };
}

it('sends the frames one socket gets within a turn of the event loop in one write, in order', async () => {
  const { server, received, counter } = await connectedPair();
  sendText(server, 'first');
  sendText(server, 'second');
  sendText(server, 'third');
  await expect.poll(() => received).toEqual(['first', 'second', 'third']);
  expect(counter.writes).toBe(1);
});

it('sends frames from later turns too, and nothing to a socket that closed', async () => {
  const { server, received, counter } = await connectedPair();
  sendText(server, 'one');
  await expect.poll(() => received).toEqual(['one']);
  sendText(server, 'two');
  await expect.poll(() => received).toEqual(['one', 'two']);
  expect(counter.writes).toBe(2);
  server.terminate();
  expect(() => sendText(server, 'gone')).not.toThrow();
});

it('cuts off a peer that reads nothing once its unsent frames pass the limit, instead of holding them all', async () => {
  const { server, client } = await connectedPair();
  // The peer stops reading: everything sent to it stays in the server's memory.
  (client as unknown as { _socket: Socket })._socket.pause();
  const frame = 'x'.repeat(64 * 1024);
  const frames = Math.ceil((4 * SOCKET_LIMITS.maxBufferedBytes) / frame.length);
  for (let i = 0; i < frames; i++) sendText(server, frame);
  expect(server.readyState).not.toBe(WebSocket.OPEN);
  await new Promise((r) => (server.readyState === WebSocket.CLOSED ? r(null) : server.once('close', r)));
});
