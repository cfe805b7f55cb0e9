import type { FastifyInstance } from 'fastify';
import {
  SOCKET_CLOSE,
  SOCKET_CLOSE_REASONS,
  SOCKET_EVENTS,
  SOCKET_LIMITS,
  SOCKET_PATH,
} from '@accountry/shared/socket-protocol';
import type { SocketHub } from './socket-hub';
import { send } from './socket-writes';

function parseOrigin(origin: string) {
  try {
    return new URL(origin);
  } catch {
    return null;
  }
}

/**
 * GET /api/ws: one socket per tab for signed-in users; same-origin only; owned by the session that opened it. The
 * page's origin names the Host the request came to or, when one is set, the public address (a proxy in front may
 * pass its own Host on).
 */
export function registerSocketRoute(app: FastifyInstance, hub: SocketHub, publicUrl: string | null) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const allowed = (origin: string, host: string | undefined) => {
    const page = parseOrigin(origin);
    return !!page && (page.host === host || page.origin === publicOrigin);
  };
  app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin && !allowed(origin, request.headers.host)) {
      socket.close(SOCKET_CLOSE.originRejected, SOCKET_CLOSE_REASONS.originNotAllowed);
      return;
    }
    const user = request.user;
    if (!user) {
      const reason = request.sessionExpired ? SOCKET_CLOSE_REASONS.sessionExpired : SOCKET_CLOSE_REASONS.signInRequired;
      socket.close(SOCKET_CLOSE.sessionEnded, reason);
      return;
    }
    const run = (raw: string) =>
      // handle() answers every failure itself; this catch only keeps a bug there from becoming an unhandled rejection.
      hub.handle(socket, raw).catch((err) => request.log.error({ err }, 'socket message failed'));
    // Frames that arrive while the socket's place is being taken are handled, in order, once it has one; past the
    // budget's burst they would all be refused, and a slow database must not let a flood pile up: the socket closes.
    let waiting: string[] | null = [];
    const wait = (raw: string) => {
      if (waiting!.length < SOCKET_LIMITS.messageBurst) return void waiting!.push(raw);
      waiting = [];
      socket.close(SOCKET_CLOSE.tooManyMessages, SOCKET_CLOSE_REASONS.tooManyMessages);
    };
    socket.on('message', (raw) => (waiting ? wait(raw.toString()) : void run(raw.toString())));
    hub
      .add(user, request.sessionId, socket, request.sessionEndMark)
      .then((added) => {
        const queued = waiting ?? [];
        waiting = null;
        if (!added) return;
        send(socket, { type: SOCKET_EVENTS.hello, data: { userId: user.id } });
        for (const raw of queued) void run(raw);
      })
      .catch((err) => {
        request.log.error({ err }, 'socket not registered');
        socket.close(SOCKET_CLOSE.serverError, SOCKET_CLOSE_REASONS.serverError);
      });
    socket.on('close', () => hub.remove(socket));
    socket.on('error', (err) => {
      request.log.warn({ err }, 'socket error');
      hub.remove(socket);
    });
  });
}
