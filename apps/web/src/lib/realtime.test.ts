import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime';

type Frame = { type: string; ref?: number; data?: unknown };

/** A browser WebSocket as far as the client uses it; `close` never fires onclose, as on a dead connection. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Frame[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Frame);
  }

  close() {
    this.closed = true;
    this.readyState = FakeSocket.CLOSING;
  }

  open(userId = 'u1') {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.receive({ type: 'hello', data: { userId } });
  }

  receive(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  checks() {
    return this.sent.filter((f) => f.type === 'chat.unread');
  }
}

const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
const browserWindow = new EventTarget();
const showPage = () => page.dispatchEvent(new Event('visibilitychange'));
const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

let client: RealtimeClient;
let resumed: number;

/** A client whose first socket is open and greeted, `quietMs` ago. */
async function connected(quietMs = 60_000) {
  client = new RealtimeClient();
  resumed = 0;
  client.onResume(() => resumed++);
  client.connect();
  // The protocol module loads before the first socket opens.
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  latest().open();
  expect(resumed).toBe(1);
  await vi.advanceTimersByTimeAsync(quietMs);
  return latest();
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:3000' });
  vi.stubGlobal('document', page);
  vi.stubGlobal('window', browserWindow);
});

afterEach(() => {
  client.disconnect();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the socket liveness check', () => {
  it('replaces a socket that does not answer once the page is shown again, and catches up on the new one', async () => {
    const dead = await connected();
    showPage();
    expect(dead.checks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(dead.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(dead.closed).toBe(true);
    expect(client.status).toBe('closed');
    // The usual backoff after a drop: well under a second for a socket that had been open.
    await vi.advanceTimersByTimeAsync(700);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(client.status).toBe('open');
    expect(resumed).toBe(2);
  });

  it('keeps a socket that answers, even with a refusal', async () => {
    const live = await connected();
    showPage();
    const [check] = live.checks();
    live.receive({ type: 'ack', ref: check!.ref, data: { total: 0, conversations: {} } });
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('online'));
    const [, second] = live.checks();
    live.receive({ type: 'error', ref: second!.ref, data: { message: 'Too many messages.' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.closed).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.status).toBe('open');
  });

  it('checks when the browser is back online, however recently the socket was heard from', async () => {
    const dead = await connected(1_000);
    window.dispatchEvent(new Event('online'));
    expect(dead.checks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_100);
    expect(dead.closed).toBe(true);
  });

  it('checks after the machine slept, seen as a timer that fires far later than due', async () => {
    const dead = await connected(10_000);
    expect(dead.checks()).toHaveLength(0);
    vi.setSystemTime(Date.now() + 20 * 60_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(dead.checks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_100);
    expect(dead.closed).toBe(true);
  });

  it('does not ask a socket heard from lately, nor one in a hidden tab whose timers were held back', async () => {
    const live = await connected(10_000);
    showPage();
    // A hidden tab's timers may fire once a minute.
    vi.setSystemTime(Date.now() + 45_000);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(live.checks()).toHaveLength(0);
    // Shown again after a quiet while, it is asked, one check at a time.
    showPage();
    showPage();
    expect(live.checks()).toHaveLength(1);
  });

  it('stops watching once disconnected', async () => {
    const live = await connected();
    client.disconnect();
    showPage();
    window.dispatchEvent(new Event('online'));
    expect(live.checks()).toHaveLength(0);
  });
});
