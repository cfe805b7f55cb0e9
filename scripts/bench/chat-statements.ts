// Load-independent evidence for chat.bench.ts: SQL statements (SQLite) or round trips (PostgreSQL, every query a
// pg client sends, the bus's included) and frames sent per delivered message. One pair exchanges messages one at a
// time; each is acknowledged as delivered by the recipient, and counted once its receipt reached the sender.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import WebSocket from 'ws';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { SOCKET_EVENTS } from '@accountry/shared/socket-protocol';
import { setTimeout as sleep } from 'node:timers/promises';

const MESSAGES = 60;
const RECEIPT_TIMEOUT_MS = 10_000;

type Counted = { fn: string; target: { [k: string]: unknown } };
type Kind = 'begin' | 'end' | 'write' | 'read';

function classify(text: string): Kind {
  if (/^\s*begin/i.test(text)) return 'begin';
  if (/^\s*(commit|rollback)\b/i.test(text)) return 'end';
  return /^\s*(insert|update|delete|with|select pg_notify)\b/i.test(text) ? 'write' : 'read';
}

/** Count calls of the engine's query functions while fn runs; a begin or a write outside one counts a write transaction. */
export async function counting<T>(engine: string, fn: () => Promise<T>) {
  const probe = new SQLite(':memory:');
  const stmtProto = Object.getPrototypeOf(probe.prepare('select 1')) as { [k: string]: unknown };
  probe.close();
  const targets: Counted[] =
    engine === 'sqlite'
      ? ['run', 'get', 'all', 'iterate'].map((fn) => ({ fn, target: stmtProto }))
      : [{ fn: 'query', target: pg.Client.prototype as unknown as { [k: string]: unknown } }];
  let statements = 0;
  let transactions = 0;
  let open = false;
  // Classified once per prepared statement (SQLite) or query text (PostgreSQL): the count must not slow the server.
  const kinds = new WeakMap<object, Kind>();
  const textKinds = new Map<string, Kind>();
  const originals = targets.map(({ fn, target }) => {
    const original = target[fn] as (...a: unknown[]) => unknown;
    target[fn] = function (this: { source?: string }, ...args: unknown[]) {
      statements += 1;
      let kind: Kind;
      if (engine === 'sqlite') {
        let known = kinds.get(this);
        if (!known) kinds.set(this, (known = classify(this.source ?? '')));
        kind = known;
      } else {
        const q = args[0] as string | { text?: string } | undefined;
        const text = (typeof q === 'string' ? q : q?.text) ?? '';
        kind = textKinds.get(text) ?? classify(text);
        if (textKinds.size < 1000) textKinds.set(text, kind);
      }
      if (kind === 'begin') {
        transactions += 1;
        open = true;
      } else if (kind === 'end') open = false;
      else if (kind === 'write' && !open) transactions += 1;
      return original.apply(this, args);
    };
    return () => (target[fn] = original);
  });
  let result: T;
  try {
    result = await fn();
  } finally {
    originals.forEach((restore) => restore());
  }
  return { result, statements, transactions };
}

/** Messages from a to b, each acknowledged as delivered by b, with statements and frames per message. */
export async function statementsPerMessage(
  engine: string,
  url: string,
  pair: { a: string; b: string; conversationId: string },
  cookies: Record<string, string>,
) {
  // Open once the server says so (hello), as the web app does: until then events may reach the socket's user without it.
  const open = (user: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { cookie: cookies[user] } });
      const hello = (raw: WebSocket.RawData) => {
        if (JSON.parse(raw.toString()).type !== SOCKET_EVENTS.hello) return;
        ws.off('message', hello);
        resolve(ws);
      };
      ws.on('message', hello);
      ws.once('error', reject);
    });
  const [a, b] = [await open(pair.a), await open(pair.b)];
  let frames = 0;
  let delivered = 0;
  let wake: (() => void) | null = null;
  a.on('message', (raw) => {
    frames += 1;
    const msg = JSON.parse(raw.toString());
    const counters = msg.data?.conversation;
    if (msg.type === CHAT_EVENTS.receipt && counters) delivered = Math.max(delivered, counters.sellerDeliveredSeq);
    wake?.();
  });
  b.on('message', (raw) => {
    frames += 1;
    const msg = JSON.parse(raw.toString());
    if (msg.type === CHAT_EVENTS.message)
      b.send(
        JSON.stringify({
          type: CHAT_EVENTS.delivered,
          data: { conversationId: pair.conversationId, seq: msg.data.message.seq },
        }),
      );
  });
  // A receipt that never comes fails the bench instead of stopping it.
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`chat bench: no receipt for ${what} within ${RECEIPT_TIMEOUT_MS / 1000} s`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        wake = () => (clearTimeout(timer), r());
      });
    }
  };
  const sendOne = async (i: number) => {
    const startSeq = delivered;
    a.send(
      JSON.stringify({
        type: CHAT_EVENTS.send,
        ref: i,
        data: { conversationId: pair.conversationId, clientId: `count-${i}-${Date.now()}`, body: `count ${i}` },
      }),
    );
    await until(() => delivered > startSeq, `message ${i}`);
  };
  await sendOne(0);
  frames = 0;
  const counted = await counting(engine, async () => {
    for (let i = 1; i <= MESSAGES; i++) await sendOne(i);
    // Frames still in flight (the ack after the receipt) land before the count ends.
    await sleep(50);
  });
  a.terminate();
  b.terminate();
  const per = (n: number) => Math.round((n / MESSAGES) * 100) / 100;
  return { statements: per(counted.statements), transactions: per(counted.transactions), frames: per(frames) };
}
