import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '@accountry/shared/socket-protocol';

/** TCP sockets holding frames until the end of this turn of the event loop. */
const held = new Set<Socket>();

function releaseAll() {
  for (const tcp of held) tcp.uncork();
  held.clear();
}

/**
 * Sends a text frame; frames to one socket within a turn of the event loop leave in one write (one system call
 * instead of one per frame). A chat message's acknowledgement and event reach the sender together this way. A socket
 * whose unsent frames pass `SOCKET_LIMITS.maxBufferedBytes` is terminated instead.
 */
export function sendText(socket: WebSocket, payload: string) {
  if (socket.readyState !== socket.OPEN) return;
  // A peer that reads nothing (a stalled or hostile client) would have every frame held in memory for it: cut off,
  // it frees them at once, and a real client reconnects and fetches what it missed.
  if (socket.bufferedAmount > SOCKET_LIMITS.maxBufferedBytes) {
    socket.terminate();
    return;
  }
  // ws keeps its TCP socket in `_socket` (stable across ws 7 and 8); without it the frame is simply sent at once.
  const tcp = (socket as unknown as { _socket?: Socket })._socket;
  if (tcp && !held.has(tcp) && !tcp.destroyed) {
    tcp.cork();
    if (held.size === 0) setImmediate(releaseAll);
    held.add(tcp);
  }
  socket.send(payload);
}

/** Sends a message as a JSON text frame (see `sendText`). */
export function send(socket: WebSocket, msg: unknown) {
  sendText(socket, JSON.stringify(msg));
}
