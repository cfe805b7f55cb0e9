import WebSocket from 'ws';
import { serverEventSchemas } from '@accountry/shared/socket-protocol';

type Frame = { type: string; ref?: number; data: any };

/** A frame's data as the web client would take it, or a rejection saying why the client would drop it. */
function readable(frame: Frame): Promise<any> {
  const schema = (
    serverEventSchemas as Record<string, { safeParse(d: unknown): { success: boolean; error?: unknown } }>
  )[frame.type];
  const parsed = schema?.safeParse(frame.data);
  if (parsed && !parsed.success)
    return Promise.reject(new Error(`${frame.type} frame the web client would drop: ${String(parsed.error)}`));
  return Promise.resolve(frame.data);
}

/**
 * A test client over a WebSocket (from app.injectWS or a real `ws` connection): it records every frame
 * from the moment it opens, so nothing sent before a test starts waiting is missed.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private nextRef = 1;
  closed: { code: number; reason: string } | null = null;
  private closeWaiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const fn of this.closeWaiters) fn();
    });
  }

  /**
   * The first frame (already received or still to come) of the type that matches; refused when its data is not what
   * the web client reads for that event (it drops such frames, so a test must not pass on one).
   */
  next(type: string, match: (data: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const test = (f: Frame) => f.type === type && match(f.data);
    const seen = this.frames.find(test);
    if (seen) return readable(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ match: test, resolve: (f) => (clearTimeout(timer), readable(f).then(resolve, reject)) });
    });
  }

  /** Frames of a type received so far. */
  all(type: string) {
    return this.frames.filter((f) => f.type === type).map((f) => f.data);
  }

  /** Send a request; resolves with the ack's data, rejects with the error frame's message. */
  request(type: string, data: unknown, timeoutMs = 5000): Promise<any> {
    const ref = this.nextRef++;
    this.ws.send(JSON.stringify({ type, ref, data }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (f) => (f.type === 'ack' || f.type === 'error') && f.ref === ref,
        resolve: (f) => {
          clearTimeout(timer);
          if (f.type === 'ack') resolve(f.data);
          else reject(Object.assign(new Error(f.data?.message ?? 'error'), { code: f.data?.code }));
        },
      });
    });
  }

  send(type: string, data: unknown) {
    this.ws.send(JSON.stringify({ type, data }));
  }

  whenClosed(): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.closeWaiters.push(() => resolve(this.closed!)));
  }

  async close() {
    if (this.closed) return;
    this.ws.close();
    await this.whenClosed();
  }
}

/** A real WebSocket client against a listening server. */
export function connectSocket(url: string, cookie: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie } });
    const client = new TestSocket(ws);
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

/** A socket through fastify's injectWS (no network), recording frames from the start. */
export async function injectSocket(
  app: { injectWS: (path: string, ctx: object, opts: { onInit: (ws: WebSocket) => void }) => Promise<WebSocket> },
  cookie: string,
) {
  let client: TestSocket | undefined;
  await app.injectWS('/api/ws', { headers: { cookie } }, { onInit: (ws) => (client = new TestSocket(ws)) });
  return client!;
}

/** The sockets a test file opens, each handed out once its hello arrived, and closed together after the file. */
export class OpenSockets {
  private readonly open: TestSocket[] = [];

  /** `injectSocket`, past its hello. */
  async inject(app: Parameters<typeof injectSocket>[0], cookie: string) {
    const s = await injectSocket(app, cookie);
    this.open.push(s);
    await s.next('hello');
    return s;
  }

  async closeAll() {
    for (const s of this.open.splice(0)) await s.close();
  }
}
