/**
 * One WebSocket per tab to /api/ws for signed-in users. Reconnects with backoff (network drop, server restart);
 * listeners survive reconnects. Features subscribe by message type and send requests that are acknowledged by `ref`.
 */
type Listener = (data: any) => void;
type Pending = { resolve: (v: any) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> };

class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private pending = new Map<number, Pending>();
  private nextRef = 1;
  private wanted = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  status: 'idle' | 'connecting' | 'open' | 'closed' = 'idle';

  connect() {
    this.wanted = true;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${proto}://${location.host}/api/ws`);
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
    };
    socket.onmessage = (ev) => this.dispatch(ev.data);
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      for (const [ref, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new Error('Connection lost'));
        this.pending.delete(ref);
      }
      // 4001: the session ended (signed out elsewhere, disabled, deleted, expired); the app re-checks it.
      if (ev.code === 4001) this.emit('$signedOut', ev.reason);
      else if (this.wanted && ev.code !== 4003) this.scheduleReconnect();
    };
  }

  disconnect() {
    this.wanted = false;
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

  private dispatch(raw: string) {
    let msg: { type: string; ref?: number; data: any };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if ((msg.type === 'ack' || msg.type === 'error') && typeof msg.ref === 'number' && this.pending.has(msg.ref)) {
      const p = this.pending.get(msg.ref)!;
      this.pending.delete(msg.ref);
      clearTimeout(p.timer);
      if (msg.type === 'ack') p.resolve(msg.data);
      else p.reject(Object.assign(new Error(msg.data?.message ?? 'Request failed'), { code: msg.data?.code }));
      return;
    }
    this.emit(msg.type, msg.data);
  }

  private emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(data);
  }

  /** Listen for a message type ('$status' reports connection changes; 'hello' fires on every (re)connect). */
  on(type: string, fn: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(fn);
    this.listeners.set(type, set);
    return () => set.delete(fn);
  }

  /** Send a request; resolves with the server's acknowledgement. */
  request<T = unknown>(type: string, data: unknown, timeoutMs = 10_000): Promise<T> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'));
    const ref = this.nextRef++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ref);
        reject(new Error('Timed out'));
      }, timeoutMs);
      this.pending.set(ref, { resolve, reject, timer });
      socket.send(JSON.stringify({ type, ref, data }));
    });
  }

  /** Fire-and-forget (typing indicators and the like). */
  send(type: string, data: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type, data }));
  }
}

export const realtime = new RealtimeClient();
