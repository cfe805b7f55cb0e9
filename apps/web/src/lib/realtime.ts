import { SOCKET_CLOSE, SOCKET_EVENTS, SOCKET_PATH } from '@accountry/shared/socket-constants';
import type { ClientMessageType } from '@accountry/shared/socket-protocol';
import { LivenessWatch } from './realtime-liveness';

type Protocol = typeof import('@accountry/shared/socket-protocol');
// The frame schemas (and zod) load with the first connection, so a signed-out page never downloads them.
let protocol: Protocol | null = null;
const loadProtocol = () => import('@accountry/shared/socket-protocol');

/**
 * One WebSocket per tab to /api/ws for signed-in users. Reconnects with backoff (network drop, server restart);
 * listeners survive reconnects. Features subscribe by message type and send requests that are acknowledged by `ref`.
 */
type Listener = (data: any) => void;
type Pending = {
  type: ClientMessageType;
  resolve: (v: any) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};
/** After "too many connections" wait about this long before trying again (other tabs hold the sockets). */
const CROWDED_RETRY_ATTEMPT = 6;
/**
 * The liveness check: after a sleep or a change of network a connection can be dead without a close event, and the tab
 * would hear nothing until reloaded. It asks what the header asks on every connect (the unread summary, one cheap
 * query); no answer in time, and the socket is replaced (then every `onResume` fetches what was missed).
 */
const LIVENESS_REQUEST = 'chat.unread' satisfies ClientMessageType;
const LIVENESS_TIMEOUT_MS = 5_000;
/** The code a dropped socket is closed with for the tab's own bookkeeping (the browser's "abnormal closure"). */
const DROPPED = 1006;
class TimedOut extends Error {
  constructor() {
    super('Timed out');
  }
}
const isServerEvent = (p: Protocol, type: string): type is keyof Protocol['serverEventSchemas'] =>
  Object.prototype.hasOwnProperty.call(p.serverEventSchemas, type);

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private pending = new Map<number, Pending>();
  private nextRef = 1;
  private wanted = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lastHeard = 0;
  private checking = false;
  private readonly liveness = new LivenessWatch(
    () => this.checkAlive(),
    () => this.lastHeard,
  );
  status: 'idle' | 'connecting' | 'open' | 'closed' = 'idle';

  connect() {
    this.wanted = true;
    this.liveness.start();
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    if (!protocol) {
      // Frames are only read once the schemas are here: the socket opens after they load.
      if (this.status !== 'connecting') this.setStatus('connecting');
      void loadProtocol().then(
        (p) => {
          protocol = p;
          if (this.wanted) this.connect();
        },
        () => this.wanted && this.scheduleReconnect(),
      );
      return;
    }
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${proto}://${location.host}${SOCKET_PATH}`);
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.setStatus('open');
    };
    socket.onmessage = (ev) => {
      this.lastHeard = Date.now();
      this.dispatch(ev.data);
    };
    socket.onclose = (ev) => this.closed(socket, ev.code, ev.reason);
  }

  private closed(socket: WebSocket, code: number, reason: string) {
    if (this.socket !== socket) return;
    this.socket = null;
    this.setStatus('closed');
    for (const [ref, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('Connection lost'));
      this.pending.delete(ref);
    }
    // 4001: the session ended (signed out elsewhere, disabled, deleted, expired) or its role changed; the app
    // re-checks it and calls `resume` while still signed in.
    if (code === SOCKET_CLOSE.sessionEnded) this.emit('$signedOut', reason);
    else if (this.wanted && code !== SOCKET_CLOSE.originRejected) {
      if (code === SOCKET_CLOSE.tooManySockets) this.attempt = Math.max(this.attempt, CROWDED_RETRY_ATTEMPT);
      this.scheduleReconnect();
    }
  }

  /** Asks the server for any answer; silence means the connection died without a close, and it is replaced. */
  checkAlive() {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN || this.checking) return;
    this.checking = true;
    this.request(LIVENESS_REQUEST, {}, LIVENESS_TIMEOUT_MS)
      .catch((err: unknown) => {
        // Any answer, even a refusal, shows the socket alive.
        if (err instanceof TimedOut && this.socket === socket) this.drop(socket);
      })
      .finally(() => (this.checking = false));
  }

  /** A dead connection's closing handshake can take minutes to give up: the tab does not wait for it. */
  private drop(socket: WebSocket) {
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.close();
    this.closed(socket, DROPPED, '');
  }

  /** A new socket after a session end the app found it is still signed in through (a change of role), with backoff. */
  resume() {
    if (this.wanted && !this.socket) this.scheduleReconnect();
  }

  disconnect() {
    this.wanted = false;
    this.liveness.stop();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close(1000);
    this.socket = null;
    this.setStatus('idle');
  }

  private scheduleReconnect() {
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++) * (0.75 + Math.random() * 0.5);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private setStatus(status: RealtimeClient['status']) {
    this.status = status;
    this.emit('$status', status);
  }

  /** Frames are parsed with the shared protocol schemas; anything that does not match is dropped, not acted on. */
  private dispatch(raw: unknown) {
    const p = protocol;
    if (!p) return;
    let json: unknown;
    try {
      json = JSON.parse(String(raw));
    } catch {
      return;
    }
    const frame = p.serverFrameSchema.safeParse(json);
    if (!frame.success) return;
    const msg = frame.data;
    if ((msg.type === SOCKET_EVENTS.ack || msg.type === SOCKET_EVENTS.error) && typeof msg.ref === 'number') {
      const waiting = this.pending.get(msg.ref);
      if (!waiting) return;
      this.pending.delete(msg.ref);
      clearTimeout(waiting.timer);
      if (msg.type === SOCKET_EVENTS.ack) {
        const reply = p.clientReplySchemas[waiting.type].safeParse(msg.data);
        if (reply.success) waiting.resolve(reply.data);
        else waiting.reject(new Error('Unexpected reply from the server'));
      } else {
        const error = p.serverEventSchemas.error.safeParse(msg.data);
        const data = error.success ? error.data : { message: 'Request failed', code: undefined };
        waiting.reject(Object.assign(new Error(data.message), { code: data.code }));
      }
      return;
    }
    if (isServerEvent(p, msg.type)) {
      const data = p.serverEventSchemas[msg.type].safeParse(msg.data);
      if (data.success) this.emit(msg.type, data.data);
      return;
    }
    this.emit(msg.type, msg.data);
  }

  private emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(data);
  }

  /**
   * Run after every (re)connect and whenever the server says events may have been missed (`resync`): the place to
   * fetch what changed, by sequence number.
   */
  onResume(fn: () => void) {
    const offs = [this.on(SOCKET_EVENTS.hello, fn), this.on(SOCKET_EVENTS.resync, fn)];
    return () => offs.forEach((off) => off());
  }

  /** Listen for a message type ('$status' reports connection changes; 'hello' fires on every (re)connect). */
  on(type: string, fn: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(fn);
    this.listeners.set(type, set);
    return () => set.delete(fn);
  }

  /** Send a request; resolves with the server's acknowledgement. */
  request<T = unknown>(type: ClientMessageType, data: unknown, timeoutMs = 10_000): Promise<T> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'));
    const ref = this.nextRef++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject(new TimedOut());
      }, timeoutMs);
      this.pending.set(ref, { type, resolve, reject, timer });
      socket.send(JSON.stringify({ type, ref, data }));
    });
  }

  /** Fire-and-forget (typing indicators and the like). */
  send(type: ClientMessageType, data: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type, data }));
  }
}

export const realtime = new RealtimeClient();
