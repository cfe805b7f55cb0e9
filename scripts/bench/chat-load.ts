// Load generator for chat.bench.ts, run as a child process so clients and server do not share one event loop.
// Input (a JSON file named by argv[2]): sockets to open and pairs that ping-pong messages. Output: one JSON line with the result.
import fs from 'node:fs';
import WebSocket from 'ws';
import { SOCKET_EVENTS } from '@accountry/shared/socket-constants';
import { setTimeout as sleep } from 'node:timers/promises';

interface Pair {
  a: string;
  b: string;
  conversationId?: string;
}
interface Input {
  mode: 'chat' | 'relay';
  url: string;
  /** chat: cookie per user; relay: the user id goes in the query string. */
  cookies: Record<string, string>;
  pairs: Pair[];
  warmupMs: number;
  measureMs: number;
  /** closed: each pair ping-pongs one message at a time (capacity); paced: messages at this total rate, no replies (latency). */
  pacedPerSecond?: number;
}

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Input;
const sockets = new Map<string, WebSocket>();
const partner = new Map<string, { other: string; conversationId?: string }>();
for (const p of input.pairs) {
  partner.set(p.a, { other: p.b, conversationId: p.conversationId });
  partner.set(p.b, { other: p.a, conversationId: p.conversationId });
}

const sentAt = new Map<string, number>();
let measuring = false;
let stopping = false;
let delivered = 0;
let errors = 0;
const errorSamples = new Set<string>();
const latencies: number[] = [];
let seq = 0;

function send(from: string) {
  if (stopping) return;
  const ws = sockets.get(from)!;
  const { other, conversationId } = partner.get(from)!;
  const clientId = `m-${process.pid}-${String(seq++).padStart(8, '0')}`;
  sentAt.set(clientId, performance.now());
  const body = `ping ${clientId} from the load generator`;
  if (input.mode === 'chat')
    ws.send(JSON.stringify({ type: 'chat.send', ref: seq, data: { conversationId, clientId, body } }));
  else ws.send(JSON.stringify({ to: other, clientId, body }));
}

/** A message reached its recipient: record it, acknowledge delivery like the web app does, and answer. */
function received(me: string, clientId: string, senderId: string, conversationId?: string, msgSeq?: number) {
  if (senderId === me) return;
  const t0 = sentAt.get(clientId);
  if (t0 === undefined) return;
  sentAt.delete(clientId);
  if (measuring) {
    delivered += 1;
    latencies.push(performance.now() - t0);
  }
  if (input.mode === 'chat')
    sockets.get(me)!.send(JSON.stringify({ type: 'chat.delivered', data: { conversationId, seq: msgSeq } }));
  if (!input.pacedPerSecond) send(me);
}

function connect(userId: string) {
  return new Promise<void>((resolve, reject) => {
    const url = input.mode === 'chat' ? input.url : `${input.url}?u=${encodeURIComponent(userId)}`;
    const ws = new WebSocket(url, input.mode === 'chat' ? { headers: { cookie: input.cookies[userId] } } : {});
    const ready = () => {
      sockets.set(userId, ws);
      resolve();
    };
    // The relay forwards from the start; the server delivers a user's events once it said hello, as the web app waits.
    if (input.mode === 'relay') ws.on('open', ready);
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString());
      if (input.mode === 'relay') return received(userId, msg.clientId, msg.from);
      if (msg.type === SOCKET_EVENTS.hello) return ready();
      if (msg.type === 'chat.message')
        received(
          userId,
          msg.data.message.clientId,
          msg.data.message.senderId,
          msg.data.message.conversationId,
          msg.data.message.seq,
        );
      else if (msg.type === 'error') {
        errors += 1;
        if (errorSamples.size < 5) errorSamples.add(String(msg.data?.message));
      }
    });
  });
}

const users = [...partner.keys()];
for (let i = 0; i < users.length; i += 100) await Promise.all(users.slice(i, i + 100).map(connect));

const timers: Array<ReturnType<typeof setInterval>> = [];
if (input.pacedPerSecond) {
  // Every user sends now and then: pair i takes its turn every interval, the two sides alternating.
  const interval = (input.pairs.length / input.pacedPerSecond) * 1000;
  input.pairs.forEach((p, i) => {
    let turn = 0;
    const next = () => send(turn++ % 2 ? p.b : p.a);
    setTimeout(() => (next(), timers.push(setInterval(next, interval))), (i / input.pairs.length) * interval);
  });
} else {
  for (const p of input.pairs) send(p.a);
}
await sleep(input.warmupMs);
measuring = true;
const start = performance.now();
const cpuAtStart = process.cpuUsage();
await sleep(input.measureMs);
measuring = false;
const elapsed = performance.now() - start;
const cpu = process.cpuUsage(cpuAtStart);
stopping = true;
timers.forEach(clearInterval);
await sleep(300);
for (const ws of sockets.values()) ws.terminate();

latencies.sort((x, y) => x - y);
const pct = (p: number) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : 0;
console.log(
  JSON.stringify({
    sockets: sockets.size,
    delivered,
    perSecond: delivered / (elapsed / 1000),
    p50: pct(50),
    p99: pct(99),
    errors,
    errorSamples: [...errorSamples],
    generatorCpu: Number(((cpu.user + cpu.system) / 1000 / elapsed).toFixed(2)),
  }),
);
process.exit(0);
