import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runOnServer } from '../../db/scratch-templates';
import { ManualClock } from '../../lib/clock';
import { testEngine, userWithSession } from '../../test/test-app';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { LISTENER_APPLICATION_NAME } from '../../realtime/bus';
import { connectSocket, type TestSocket } from '../../test/test-socket';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Two real server processes (main.ts) on one fresh PostgreSQL database: a client of the first talks to a client of
 * the second, carried between them by LISTEN/NOTIFY. PostgreSQL only: SQLite runs as a single process.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const dbName = `accountry_chat_mp_${randomBytes(4).toString('hex')}`;
// Processes sharing a database share its key, or the second one refuses to start (checkCipherKey).
const credentialsKey = randomBytes(32).toString('hex');
const dbUrl = (() => {
  if (!adminUrl) return '';
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const children: ChildProcess[] = [];
const sockets: TestSocket[] = [];
let handle: DatabaseHandle | undefined;

const adminQuery = (sql: string) => runOnServer(adminUrl, sql);

/** Distinct free ports: all are held open until each is known, then released for the servers. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const srv = net.createServer();
          srv.listen(0, '127.0.0.1', () => resolve(srv));
          srv.on('error', reject);
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** Start main.ts and wait until it answers /readyz. */
async function startProcess(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NO_SEED: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `${dbName}-${port}`),
      CREDENTIALS_KEY: credentialsKey,
      WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  // Two processes compile the server through tsx at once; on a loaded 2-core machine that alone took over 45 s.
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/api/ws` };
    await sleep(200);
  }
  throw new Error(`server on ${port} did not become ready: ${stderr}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(testEngine !== 'postgres')('two server processes on one PostgreSQL database', () => {
  let p1: { http: string; ws: string };
  let p2: { http: string; ws: string };

  beforeAll(async () => {
    await adminQuery(`create database ${dbName}`);
    // Started together: both run the migrations, and Kysely's lock lets one of them do it.
    const [a, b] = await freePorts(2);
    [p1, p2] = await Promise.all([startProcess(a), startProcess(b)]);
    handle = openDatabase(dbUrl, { poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) await s.close();
    for (const c of children) await stop(c);
    await handle?.close();
    if (adminUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
  }, 60_000);

  it('delivers a message from a client of the first process to a client of the second, and the receipt back', async () => {
    const ctx = { db: handle!.db, clock: new ManualClock(Date.now()) };
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const opened = await fetch(`${p1.http}/api/chat/conversations`, {
      method: 'POST',
      headers: { ...buyer.session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ listingId: listing.id }),
    });
    expect(opened.status).toBe(201);
    const conversationId = ((await opened.json()) as { conversation: { id: string } }).conversation.id;

    const onFirst = await connectSocket(p1.ws, buyer.session.cookie);
    const onSecond = await connectSocket(p2.ws, seller.session.cookie);
    sockets.push(onFirst, onSecond);
    await Promise.all([onFirst.next('hello'), onSecond.next('hello')]);

    const { message } = await onFirst.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: clientId(),
      body: 'Sent through process one',
    });
    const received = await onSecond.next(CHAT_EVENTS.message, (d) => d.message.id === message.id, 10_000);
    expect(received.message).toMatchObject({ body: 'Sent through process one', seq: 1, senderId: buyer.user.id });

    await onSecond.request(CHAT_EVENTS.read, { conversationId, seq: 1 });
    await onFirst.next(CHAT_EVENTS.receipt, (d) => d.conversation.sellerReadSeq === 1, 10_000);
    const reply = await onSecond.request(CHAT_EVENTS.send, {
      conversationId,
      clientId: clientId(),
      body: 'Answered through process two',
    });
    expect(
      (await onFirst.next(CHAT_EVENTS.message, (d) => d.message.id === reply.message.id, 10_000)).message.seq,
    ).toBe(2);

    // Presence crosses processes too: the second process knows the buyer is connected to the first.
    const buyerOnline = async () => {
      const res = await fetch(`${p2.http}/api/chat/conversations/${conversationId}`, {
        headers: { cookie: seller.session.cookie },
      });
      return ((await res.json()) as { conversation: { other: { online: boolean } } }).conversation.other.online;
    };
    expect(await buyerOnline()).toBe(true);
  }, 60_000);

  it('signing out everywhere on one process closes the sockets the user holds on the other at once', async () => {
    const ctx = { db: handle!.db, clock: new ManualClock(Date.now()) };
    const { session } = await userWithSession(ctx, 'buyer');
    const onFirst = await connectSocket(p1.ws, session.cookie);
    const onSecond = await connectSocket(p2.ws, session.cookie);
    sockets.push(onFirst, onSecond);
    await Promise.all([onFirst.next('hello'), onSecond.next('hello')]);
    const res = await fetch(`${p1.http}/api/auth/signout-everywhere`, { method: 'POST', headers: session.headers });
    expect(res.status).toBe(204);
    expect(await onSecond.whenClosed()).toEqual({ code: 4001, reason: 'signed out' });
    expect(await onFirst.whenClosed()).toEqual({ code: 4001, reason: 'signed out' });
  }, 30_000);

  it('loses nothing when the listening connections are killed mid-chat: clients resync by sequence number', async () => {
    const ctx = { db: handle!.db, clock: new ManualClock(Date.now()) };
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const opened = await fetch(`${p1.http}/api/chat/conversations`, {
      method: 'POST',
      headers: { ...buyer.session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ listingId: listing.id }),
    });
    const conversationId = ((await opened.json()) as { conversation: { id: string } }).conversation.id;
    const sender = await connectSocket(p1.ws, buyer.session.cookie);
    const receiver = await connectSocket(p2.ws, seller.session.cookie);
    sockets.push(sender, receiver);
    await Promise.all([sender.next('hello'), receiver.next('hello')]);
    const sendOne = (body: string) => sender.request(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body });

    const first = await sendOne('before the fault');
    await receiver.next(CHAT_EVENTS.message, (d) => d.message.id === first.message.id, 10_000);

    // Both processes' LISTEN backends die; messages keep being sent while they reconnect.
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = '${dbName}' and application_name = '${LISTENER_APPLICATION_NAME}'`,
    );
    const during = [];
    for (let i = 0; i < 5; i++) during.push((await sendOne(`during the fault ${i}`)).message.seq as number);
    await receiver.next('resync', () => true, 20_000);
    await sender.next('resync', () => true, 20_000);

    // What the web client does on resync: fetch everything after the last sequence number it holds.
    const live = new Set(receiver.all(CHAT_EVENTS.message).map((d) => d.message.seq as number));
    const res = await fetch(`${p2.http}/api/chat/conversations/${conversationId}/messages?after=1`, {
      headers: { cookie: seller.session.cookie },
    });
    const fetched = ((await res.json()) as { messages: Array<{ seq: number; body: string }> }).messages;
    expect(fetched.map((m) => m.seq)).toEqual([2, 3, 4, 5, 6]);
    expect(new Set([...live, ...fetched.map((m) => m.seq)])).toEqual(new Set([1, ...during]));

    // Delivery resumes on the restored connections.
    const after = await sendOne('after the fault');
    const received = await receiver.next(CHAT_EVENTS.message, (d) => d.message.id === after.message.id, 10_000);
    expect(received.message).toMatchObject({ seq: 7, body: 'after the fault' });
  }, 60_000);
});
