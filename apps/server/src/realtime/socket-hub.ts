import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE,
  SOCKET_CLOSE_REASONS,
  SOCKET_EVENTS,
  SOCKET_LIMITS,
  type ClientMessageData,
  type ClientMessageType,
} from '@accountry/shared/socket-protocol';
import type { AuthUser } from '../plugins/auth';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import type { Audience, Bus, BusEvent } from './bus';
import { MessageBudget } from './message-budget';
import { ConnectionRegistry } from './connection-registry';
import {
  RecentSessionEnds,
  SESSION_ENDED,
  checkedSessionEnds,
  endsSession,
  readSessionEnd,
  type SessionEnd,
  type StoredSessionState,
} from './session-ends';
import { Listeners } from './listeners';
import type { SocketSlots } from './socket-slots';
import { sendText } from './socket-writes';
import { SocketFrames } from './socket-frames';
import { pingConnections } from './socket-heartbeat';

interface SocketContext {
  user: AuthUser;
  socket: WebSocket;
  hub: SocketHub;
}

export type SocketHandler<T extends ClientMessageType = ClientMessageType> = (
  ctx: SocketContext,
  data: ClientMessageData<T>,
) => Promise<unknown> | unknown;

/** Which of the given sessions are still active, and which expired (missing ones ended some other way). */
export type SessionCheck = (sessionIds: string[]) => Promise<Map<string, StoredSessionState>>;

export interface SocketHubOptions {
  bus: Bus;
  log: FastifyBaseLogger;
  clock: Clock;
  checkSessions?: SessionCheck;
  messagesPerSecond?: number;
  heartbeatMs?: number;
  /** Places shared by all processes (PostgreSQL), for this process id; rows older than `staleMs` are a dead process's. */
  slots?: (processId: string, staleMs: number) => SocketSlots;
}

/**
 * This process's WebSocket connections, by user and by session. Events published on the bus (from any process)
 * are delivered to the local sockets whose user matches the audience; sockets close when their session ends.
 */
export class SocketHub {
  readonly processId = newId();
  private readonly connections = new ConnectionRegistry();
  private readonly frames: SocketFrames<SocketContext>;
  private readonly connectListeners: Listeners<[user: AuthUser, first: boolean]>;
  private readonly disconnectListeners: Listeners<[user: AuthUser, last: boolean]>;
  private readonly sessionEndListeners: Listeners<[end: SessionEnd]>;
  private readonly recentEnds = new RecentSessionEnds();
  private readonly unsubscribe: Array<() => void>;
  private readonly timer: ReturnType<typeof setInterval>;
  readonly bus: Bus;
  private readonly log: FastifyBaseLogger;
  private readonly slots: SocketSlots | null;
  /** Sockets of each user waiting here for their shared place: counted with the open ones against the cap. */
  private readonly placing = new Map<string, number>();

  constructor(private readonly options: SocketHubOptions) {
    this.bus = options.bus;
    this.log = options.log;
    this.connectListeners = new Listeners(this.log, 'socket connection listener failed');
    this.disconnectListeners = new Listeners(this.log, 'socket connection listener failed');
    this.sessionEndListeners = new Listeners(this.log, 'session end listener failed');
    this.frames = new SocketFrames(this.log);
    const heartbeatMs = options.heartbeatMs ?? SOCKET_LIMITS.heartbeatIntervalMs;
    // A process's rows stay fresh while its heartbeat runs; three missed beats mean it is gone.
    this.slots = options.slots?.(this.processId, 3 * heartbeatMs) ?? null;
    this.unsubscribe = [this.bus.subscribe((event) => this.deliver(event)), this.bus.onResync(() => this.resync())];
    this.timer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  /** Handle a client message of this type (its data already parsed); the return value is sent back as the reply. */
  on<T extends ClientMessageType>(type: T, handler: SocketHandler<T>) {
    this.frames.on(type, handler as SocketHandler);
  }
  onConnect(fn: (user: AuthUser, first: boolean) => void) {
    this.connectListeners.add(fn);
  }
  onDisconnect(fn: (user: AuthUser, last: boolean) => void) {
    this.disconnectListeners.add(fn);
  }
  /** Runs in every process for every ended session (caches of sessions drop them here). */
  onSessionsEnded(fn: (end: SessionEnd) => void) {
    this.sessionEndListeners.add(fn);
  }

  /**
   * Sends an event to its audience on every process. Events follow committed changes and pages catch up when they next
   * fetch, so a failed publish (the database's NOTIFY pool down) is logged here and never rejects: a caller that fires
   * and forgets cannot stop the process with it.
   */
  async publish(audience: Audience, type: string, data: unknown): Promise<void> {
    try {
      await this.bus.publish({ audience, type, data });
    } catch (err) {
      this.log.warn({ err, type }, 'event not published; open pages catch up when they next fetch');
    }
  }

  isOnlineHere(userId: string) {
    return this.connections.countForUser(userId) > 0;
  }

  connectionCount() {
    return this.connections.size;
  }

  /**
   * Register a socket; false (and the socket closed) when the user already holds the most sockets allowed, counted
   * over every process when places are shared. A store failure falls back to this process's count.
   */
  async add(user: AuthUser, sessionId: string | null, socket: WebSocket, sessionEndMark: number) {
    const cap = SOCKET_LIMITS.socketsPerUser;
    const slotId = this.slots ? newId() : null;
    const waiting = this.placing.get(user.id) ?? 0;
    // A burst of opens queues no more place transactions (each holding a pool connection) than the user may hold.
    let placed = this.connections.countForUser(user.id) + waiting < cap;
    if (this.slots && placed) {
      this.placing.set(user.id, waiting + 1);
      try {
        placed = await this.slots.acquire(user.id, slotId!, cap);
      } catch (err) {
        this.log.error({ err }, 'socket places: the database failed; counting this process only');
      } finally {
        const left = this.placing.get(user.id)! - 1;
        if (left) this.placing.set(user.id, left);
        else this.placing.delete(user.id);
      }
    }
    if (!placed) {
      socket.close(SOCKET_CLOSE.tooManySockets, SOCKET_CLOSE_REASONS.tooManySockets);
      return false;
    }
    // Closed while its place was being taken: give the place back.
    if (socket.readyState !== socket.OPEN) {
      if (slotId) this.release(slotId);
      return false;
    }
    // Its session ended after the request read it and before now, when the end found no socket here to close.
    const ended = this.recentEnds.endedSince(sessionEndMark, sessionId, user.id);
    if (ended) {
      if (slotId) this.release(slotId);
      socket.close(SOCKET_CLOSE.sessionEnded, ended);
      return false;
    }
    const perSecond = this.options.messagesPerSecond ?? SOCKET_LIMITS.messagesPerSecond;
    const burst = Math.max(SOCKET_LIMITS.messageBurst, perSecond);
    const conn = {
      socket,
      user,
      sessionId,
      slotId,
      missedPongs: 0,
      budget: new MessageBudget(burst, perSecond, this.options.clock.now()),
    };
    const first = this.connections.add(conn);
    socket.on('pong', () => (conn.missedPongs = 0));
    this.connectListeners.emit(user, first);
    return true;
  }

  remove(socket: WebSocket) {
    const removed = this.connections.remove(socket);
    if (!removed) return;
    if (removed.conn.slotId) this.release(removed.conn.slotId);
    this.disconnectListeners.emit(removed.conn.user, removed.last);
  }

  private release(slotId: string) {
    // A row left behind goes stale with this process's heartbeat; nothing waits for it.
    this.slots?.release(slotId).catch((err) => this.log.warn({ err }, 'socket place not released'));
  }

  /**
   * The one way sessions end for realtime: close their sockets here at once, tell every other process through the
   * bus, and run the session-end listeners. A bus failure is logged; the other processes' session check catches up.
   */
  async endSessions(end: SessionEnd) {
    this.applySessionEnd(end);
    try {
      await this.bus.publish({ audience: {}, type: SESSION_ENDED, data: { ...end, origin: this.processId } });
    } catch (err) {
      this.log.error({ err }, 'session end not published; other processes close those sockets on their next check');
    }
  }

  /** How many session ends this process has applied: a request takes it before reading its session (see `add`). */
  get sessionEndMark() {
    return this.recentEnds.mark;
  }

  private applySessionEnd(end: SessionEnd) {
    this.recentEnds.record(end);
    const candidates = end.userId ? this.connections.forUser(end.userId) : this.connections.all();
    for (const conn of candidates) {
      if (!endsSession(end, conn.sessionId, conn.user.id)) continue;
      // Forgotten before the close handshake finishes: a frame still in flight is not handled as this user.
      this.remove(conn.socket);
      conn.socket.close(SOCKET_CLOSE.sessionEnded, end.reason);
    }
    this.sessionEndListeners.emit(end);
  }

  /** Parse and run one client frame. Never throws: every failure answers the socket with an error event. */
  async handle(socket: WebSocket, raw: string) {
    const conn = this.connections.get(socket);
    if (!conn) return;
    // Every frame spends the budget, invalid ones too, so a flood of garbage is refused like any other flood.
    const allowed = conn.budget.take(this.options.clock.now());
    // A client that sends on past a burst of refusals is flooding: each refusal costs a parse and an answer, without
    // end while it reads them. Forgotten at once, so the frames still in flight cost nothing.
    if (!allowed && conn.budget.refusedInARow > SOCKET_LIMITS.messageBurst) {
      this.remove(socket);
      return socket.close(SOCKET_CLOSE.tooManyMessages, SOCKET_CLOSE_REASONS.tooManyMessages);
    }
    await this.frames.run({ user: conn.user, socket, hub: this }, raw, allowed);
  }

  private deliver(event: BusEvent) {
    if (event.type === SESSION_ENDED) {
      const end = readSessionEnd(event.data);
      if (end && end.origin !== this.processId) this.applySessionEnd(end);
      return;
    }
    let payload: string | null = null;
    for (const conn of this.connections.targets(event.audience)) {
      payload ??= JSON.stringify({ type: event.type, data: event.data });
      sendText(conn.socket, payload);
    }
  }

  /** The bus may have dropped events while it reconnected: every local client fetches what it missed. */
  private resync() {
    const payload = JSON.stringify({ type: SOCKET_EVENTS.resync, data: { reason: 'bus reconnected' } });
    for (const conn of this.connections.all()) sendText(conn.socket, payload);
  }

  /**
   * One heartbeat: terminate sockets that missed too many pongs (so presence shows no ghosts), ping the rest, and
   * close sockets whose session ended without an event (inactivity expiry, or an end this process did not hear of).
   */
  async heartbeat() {
    await pingConnections(this.connections, (socket) => this.remove(socket), this.log);
    try {
      await this.slots?.refresh();
    } catch (err) {
      this.log.error({ err }, 'socket places not refreshed');
    }
    try {
      await this.checkSessions();
    } catch (err) {
      this.log.error({ err }, 'socket session check failed');
    }
  }

  private async checkSessions() {
    if (!this.options.checkSessions) return;
    const ids = [...new Set(this.connections.all().flatMap((c) => (c.sessionId ? [c.sessionId] : [])))];
    if (!ids.length) return;
    const states = await this.options.checkSessions(ids);
    const { expired, gone, changed } = checkedSessionEnds(ids, this.connections.all(), states);
    if (expired.length) await this.endSessions({ sessionIds: expired, reason: SOCKET_CLOSE_REASONS.sessionExpired });
    if (gone.length) this.applySessionEnd({ sessionIds: gone, reason: SOCKET_CLOSE_REASONS.signedOut });
    if (changed.length) this.applySessionEnd({ sessionIds: changed, reason: SOCKET_CLOSE_REASONS.sessionChanged });
  }

  async close() {
    clearInterval(this.timer);
    for (const off of this.unsubscribe) off();
    for (const { socket } of this.connections.all())
      socket.close(SOCKET_CLOSE.shuttingDown, SOCKET_CLOSE_REASONS.shuttingDown);
    try {
      await this.slots?.close();
    } catch (err) {
      this.log.warn({ err }, 'socket places not freed; they go stale');
    }
  }
}
