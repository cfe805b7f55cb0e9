import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '@accountry/shared/socket-protocol';
import { inSlices } from '../lib/in-slices';
import type { ConnectionRegistry } from './connection-registry';

/**
 * Pings go out in slices of 2 ms (each is a system call, ~15-40 µs, and messages wait meanwhile) with 8 ms between: a
 * beat over 1,000 sockets sent back-to-back brought their pongs, and the peers' work answering, all at once, and the
 * messages of those 200 ms took up to 80 ms; paced, 15-35 ms. 10,000 sockets take about 2 s of a 30 s interval.
 */
const HEARTBEAT_SLICING = { sliceMs: 2, restMs: 8 };

/**
 * Pings every connection, a slice at a time; one that missed too many pongs is terminated and dropped instead, so
 * presence shows no ghosts.
 */
export async function pingConnections(
  connections: ConnectionRegistry,
  drop: (socket: WebSocket) => void,
  log: FastifyBaseLogger,
) {
  await inSlices(connections.all(), HEARTBEAT_SLICING, (conn) => {
    // Closed during an earlier slice.
    if (connections.get(conn.socket) !== conn) return;
    if (conn.missedPongs >= SOCKET_LIMITS.missedPongs) {
      conn.socket.terminate();
      drop(conn.socket);
      return;
    }
    conn.missedPongs += 1;
    try {
      conn.socket.ping();
    } catch (err) {
      log.warn({ err }, 'socket ping failed');
    }
  });
}
