import type { FastifyInstance } from 'fastify';
import { SOCKET_CLOSE, SOCKET_CLOSE_REASONS, SOCKET_EVENTS, SOCKET_PATH } from '@accountry/shared/socket-protocol';
import { send, type SocketHub } from './socket-hub';

function originHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** GET /api/ws: one socket per tab for signed-in users; same-origin only; owned by the session that opened it. */
export function registerSocketRoute(app: FastifyInstance, hub: SocketHub) {
  app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin && originHost(origin) !== request.headers.host) {
      socket.close(SOCKET_CLOSE.originRejected, SOCKET_CLOSE_REASONS.originNotAllowed);
      return;
    }
    const user = request.user;
    if (!user) {
      const reason = request.sessionExpired ? SOCKET_CLOSE_REASONS.sessionExpired : SOCKET_CLOSE_REASONS.signInRequired;
      socket.close(SOCKET_CLOSE.sessionEnded, reason);
      return;
    }
    if (!hub.add(user, request.sessionId, socket)) return;
    send(socket, { type: SOCKET_EVENTS.hello, data: { userId: user.id } });
    socket.on('message', (raw) => {
      // handle() answers every failure itself; this catch only keeps a bug there from becoming an unhandled rejection.
      hub.handle(socket, raw.toString()).catch((err) => request.log.error({ err }, 'socket message failed'));
    });
    socket.on('close', () => hub.remove(socket));
    socket.on('error', (err) => {
      request.log.warn({ err }, 'socket error');
      hub.remove(socket);
    });
  });
}
