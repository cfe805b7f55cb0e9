import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../plugins/auth';
import type { Audience, Bus, BusEvent } from './bus';

export type SocketHandler = (ctx: { user: AuthUser; socket: WebSocket; hub: SocketHub }, data: unknown) => Promise<unknown> | unknown;

/**
 * This process's WebSocket connections, by user. Events published on the bus (from any process)
 * are delivered to the local sockets whose user matches the audience.
 */
export class SocketHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly users = new Map<WebSocket, AuthUser>();
  private readonly handlers = new Map<string, SocketHandler>();
  private readonly connectListeners: Array<(user: AuthUser, first: boolean) => void> = [];
  private readonly disconnectListeners: Array<(user: AuthUser, last: boolean) => void> = [];
  private readonly unsubscribe: () => void;

  constructor(readonly bus: Bus) {
    this.unsubscribe = bus.subscribe((event) => this.deliver(event));
  }

  /** Handle a client message of this type; the handler's return value is sent back as the reply. */
  on(type: string, handler: SocketHandler) {
    this.handlers.set(type, handler);
  }
  onConnect(fn: (user: AuthUser, first: boolean) => void) {
    this.connectListeners.push(fn);
  }
  onDisconnect(fn: (user: AuthUser, last: boolean) => void) {
    this.disconnectListeners.push(fn);
  }

  publish(audience: Audience, type: string, data: unknown) {
    return this.bus.publish({ audience, type, data });
  }

  isOnlineHere(userId: string) {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  connectionCount() {
    return this.users.size;
  }

  add(user: AuthUser, socket: WebSocket) {
    const set = this.sockets.get(user.id) ?? new Set();
    const first = set.size === 0;
    set.add(socket);
    this.sockets.set(user.id, set);
    this.users.set(socket, user);
    for (const fn of this.connectListeners) fn(user, first);
  }

  remove(socket: WebSocket) {
    const user = this.users.get(socket);
    if (!user) return;
    this.users.delete(socket);
    const set = this.sockets.get(user.id);
    set?.delete(socket);
    const last = !set || set.size === 0;
    if (last) this.sockets.delete(user.id);
    for (const fn of this.disconnectListeners) fn(user, last);
  }

  /** Close every socket of a user (sign-out everywhere, disable, delete). */
  disconnectUser(userId: string) {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(4001, 'signed out');
  }

  async handle(socket: WebSocket, raw: string) {
    const user = this.users.get(socket);
    if (!user) return;
    let msg: { type?: unknown; data?: unknown; ref?: unknown };
    try {
      msg = JSON.parse(raw);
    } catch {
      return send(socket, { type: 'error', data: { message: 'Messages must be JSON.' } });
    }
    const ref = typeof msg.ref === 'string' || typeof msg.ref === 'number' ? msg.ref : undefined;
    const handler = typeof msg.type === 'string' ? this.handlers.get(msg.type) : undefined;
    if (!handler) return send(socket, { type: 'error', ref, data: { message: 'Unknown message type.' } });
    try {
      const result = await handler({ user, socket, hub: this }, msg.data);
      if (ref !== undefined) send(socket, { type: 'ack', ref, data: result ?? null });
    } catch (err) {
      const e = err as { message?: string; code?: string; statusCode?: number };
      send(socket, { type: 'error', ref, data: { message: e.statusCode && e.statusCode < 500 ? e.message : 'Something went wrong.', code: e.code } });
    }
  }

  private deliver(event: BusEvent) {
    const payload = JSON.stringify({ type: event.type, data: event.data });
    for (const [socket, user] of this.users) {
      if (matches(event.audience, user)) socket.send(payload);
    }
  }

  close() {
    this.unsubscribe();
    for (const socket of this.users.keys()) socket.close(1001, 'server shutting down');
  }
}

function matches(a: Audience, user: AuthUser) {
  if (a.all) return true;
  if (a.userIds?.includes(user.id)) return true;
  return !!a.roles?.includes(user.role);
}

function originHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function send(socket: WebSocket, msg: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
}

/** GET /api/ws: one socket per tab for signed-in users; same-origin only. */
export function registerSocketRoute(app: FastifyInstance, hub: SocketHub) {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    if (origin && originHost(origin) !== request.headers.host) {
      socket.close(4003, 'origin not allowed');
      return;
    }
    const user = request.user;
    if (!user) {
      socket.close(4001, request.sessionExpired ? 'session expired' : 'sign in required');
      return;
    }
    hub.add(user, socket);
    send(socket, { type: 'hello', data: { userId: user.id } });
    socket.on('message', (raw) => void hub.handle(socket, raw.toString()));
    socket.on('close', () => hub.remove(socket));
    socket.on('error', () => hub.remove(socket));
  });
}
