import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { createPeerApp, createTestApp, testEngine, type TestContext } from '../test/test-app';
import { ManualClock } from './clock';
import { clientAddressKey } from './client-address';
import { MAX_MEMORY_KEYS, memoryDistinct, memoryLimitStore, perAddressCounter } from './rate-limits';
import { postgresLimitStore } from './postgres-limit-store';
import { PostgresLimitBatches } from './postgres-limit-batches';
import { sharedLimitStore } from './shared-limit-store';

describe('the in-memory window counter (single-process SQLite mode)', () => {
  it('allows max hits per key in a window and starts again when the clock reaches the next one', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0));
    const counter = memoryLimitStore(clock).counter({ name: 't', max: 3, windowMs: 60_000 });
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push(await counter.hit('a'));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false, false]);
    expect(hits.map((h) => h.count)).toEqual([1, 2, 3, 4, 4]);
    expect(hits[0].msBeforeReset).toBe(60_000);
    expect((await counter.hit('b')).allowed).toBe(true);
    clock.advance(59_999);
    expect((await counter.hit('a')).allowed).toBe(false);
    clock.advance(1);
    expect(await counter.hit('a')).toEqual({ allowed: true, count: 1, msBeforeReset: 60_000 });
  });
});

describe('the in-memory distinct limit', () => {
  it('admits max members per key, answers a member alike until the window turns, and holds at most maxKeys', async () => {
    const clock = new ManualClock(Date.UTC(2026, 11, 5, 10, 0, 0));
    const set = memoryDistinct(clock, { name: 'ids', max: 2, windowMs: 60_000 }, 3);
    expect([await set.admit('a', 'x'), await set.admit('a', 'y'), await set.admit('a', 'z')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([await set.admit('a', 'x'), await set.admit('a', 'z')]).toEqual([true, false]);
    // Three members in all this window: a fourth key's first member is refused.
    expect(await set.admit('b', 'x')).toBe(true);
    expect(await set.admit('c', 'x')).toBe(false);
    clock.advance(60_000);
    expect([await set.admit('a', 'z'), await set.admit('c', 'x')]).toEqual([true, true]);
  });
});

describe('a per-address limit in memory, 200,000 keys a window', () => {
  it('leaves a new client its first request after 200,000 fresh /64s from 2,499 /48s at 10 an address', async () => {
    expect(MAX_MEMORY_KEYS).toBe(200_000);
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0));
    const limit = { name: 'reset', max: 10, windowMs: 10 * 60_000 };
    const counter = perAddressCounter(limit, (l) => memoryLimitStore(clock).counter(l));
    const hit = async (ip: string) => (await counter.hit(clientAddressKey(ip))).allowed;
    // 200,000 requests, each from a fresh /64: as many as fill the window, from the /48s of 2001:db8::/32.
    let allowed = 0;
    for (let i = 0; i < MAX_MEMORY_KEYS; i++) {
      if (await hit(`2001:db8:${(i % 2_499).toString(16)}:${Math.floor(i / 2_499).toString(16)}::1`)) allowed++;
    }
    // Each /48 was let in 8 · 10 times, then refused before its /64 was counted.
    expect(allowed).toBe(2_499 * 80);
    expect(await hit('2001:db9:1:2::3')).toBe(true);
    expect(await hit('203.0.113.9')).toBe(true);
  });
});

describe('leases held by a shared store', () => {
  it('are held for at most 200,000 keys a window; a key past them counts in the store hit by hit', async () => {
    // A store kept in a Map stands for PostgreSQL or Redis: what matters is what the process holds.
    const counts = new Map<string, number>();
    const add = (limit: { max: number }) => async (key: string, points: number) => {
      const count = (counts.get(key) ?? 0) + points;
      counts.set(key, count);
      return { count, refused: count > limit.max };
    };
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const admitter = () => async () => true;
    const parts = { kind: 'redis' as const, adder: add, admitter, close: async () => {} };
    const store = sharedLimitStore(parts, new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0)), log);
    const counter = store.leasedCounter({ name: 'visitor', max: 6, windowMs: 60_000 }, 3);
    for (let i = 0; i < MAX_MEMORY_KEYS; i++) await counter.hit(`k${i}`);
    expect(store.writes).toBe(MAX_MEMORY_KEYS);
    // A key already holding a lease spends it from memory.
    expect((await counter.hit('k0')).count).toBe(2);
    expect(store.writes).toBe(MAX_MEMORY_KEYS);
    // A new one gets no lease: each hit is a write, and the limit holds exactly.
    const fresh = [];
    for (let i = 0; i < 7; i++) fresh.push(await counter.hit('fresh'));
    expect(fresh.map((h) => [h.allowed, h.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [true, 4],
      [true, 5],
      [true, 6],
      [false, 7],
    ]);
    expect(store.writes).toBe(MAX_MEMORY_KEYS + 7);
  });
});

describe('a PostgreSQL limit store that cannot reach its database', () => {
  it('counts in memory, still refuses past the limit, and logs the failure once', async () => {
    // Nothing listens on port 1: every statement fails to connect.
    const unreachable = openDatabase('postgres://postgres@127.0.0.1:1/accountry');
    const errors: string[] = [];
    const log = { error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
    const store = postgresLimitStore(unreachable, new ManualClock(Date.UTC(2026, 10, 27, 3, 0, 0)), log);
    try {
      const counter = store.counter({ name: 't', max: 2, windowMs: 60_000 });
      const hits = [await counter.hit('a'), await counter.hit('a'), await counter.hit('a')];
      expect(hits.map((h) => [h.allowed, h.count])).toEqual([
        [true, 1],
        [true, 2],
        [false, 3],
      ]);
      expect(errors).toEqual(['rate limits: the postgres store failed; counting in memory']);
    } finally {
      await store.close();
      await unreachable.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const stores: Array<{ store: string; kind: string; env: Record<string, string> }> = [
  { store: 'the database', kind: testEngine === 'postgres' ? 'postgres' : 'memory', env: {} },
  ...(redisUrl
    ? [
        {
          store: 'Redis',
          kind: 'redis',
          env: { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}` },
        },
      ]
    : []),
];

describe.each(stores)('limits shared by two server processes through $store', ({ kind, env }) => {
  let ctx: TestContext;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(env);
    peer = await createPeerApp(ctx, env);
  });
  afterAll(async () => {
    await peer.close();
    await ctx.close();
  });

  it(`counts in the ${kind} store`, () => {
    expect(ctx.deps.limits.kind).toBe(kind);
    expect(peer.app.deps.limits.kind).toBe(kind);
  });

  // SQLite serves from one process, so there is nothing to share; the two apps then count apart.
  const shared = kind !== 'memory';

  it.runIf(shared)('a route limit does not double with two processes: 20 sign-ups per address in all', async () => {
    const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const signUp = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'x', password: 'x' },
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await signUp(i % 2 ? peer.app : ctx.app)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it('refuses an IPv6 /48 past eight times a route’s allowance in all processes, not its neighbour', async () => {
    // Feedback: 10 in 10 minutes per address, so 80 per /48; an empty body is refused after it is counted.
    const network = `2001:db8:${randomBytes(2).toString('hex')}`;
    const feedback = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'POST', url: '/api/feedback', payload: {}, remoteAddress: ip }).then((r) => r.statusCode);
    const codes: number[] = [];
    for (let i = 0; i < 82; i++) codes.push(await feedback(shared && i % 2 ? peer.app : ctx.app, `${network}:${i}::1`));
    expect(codes).toEqual([...Array(80).fill(400), 429, 429]);
    const neighbour = `2001:db9:${randomBytes(2).toString('hex')}:1::1`;
    expect(await feedback(shared ? peer.app : ctx.app, neighbour)).toBe(400);
  });

  it.runIf(shared)('the per-visitor traffic limit does not double with two processes', async () => {
    const visitorId = `v-${randomBytes(9).toString('base64url')}`;
    const track = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/traffic/events',
        payload: { type: 'page_view', visitorId, path: '/browse' },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
        remoteAddress: `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await track(i % 2 ? peer.app : ctx.app)).statusCode);
    expect(codes.slice(0, 60).every((c) => c < 300)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  const pageView = (app: FastifyInstance, visitorId: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/traffic/events',
      payload: { type: 'page_view', visitorId, path: '/browse' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
      remoteAddress: ip,
    });
  // Each call a new address: two random ones alike (about 1 in 80 for 40) shared their claims and failed the counts.
  let lastIp = 0;
  const someIp = () => {
    lastIp += 1;
    return `10.79.${lastIp >> 8}.${lastIp & 255}`;
  };

  it.runIf(shared)('a returning visitor’s page views cost far less than one shared write each', async () => {
    const visitorId = `v-${randomBytes(9).toString('base64url')}`;
    const ip = someIp();
    const before = ctx.deps.limits.writes;
    for (let i = 0; i < 20; i++) expect((await pageView(ctx.app, visitorId, ip)).statusCode).toBe(204);
    // Leases of 5 visitor events, 20 address events and 3 new visitors: 4 + 1 + 1 claims for 20 page views.
    expect(ctx.deps.limits.writes - before).toBe(6);
  });

  it.runIf(kind === 'postgres')('hits arriving together share a statement: 40 new visitors at once', async () => {
    const writes = ctx.deps.limits.writes;
    const statements = ctx.deps.limits.statements;
    const views = await Promise.all(
      Array.from({ length: 40 }, () => pageView(ctx.app, `v-${randomBytes(9).toString('base64url')}`, someIp())),
    );
    expect(views.map((v) => v.statusCode)).toEqual(Array(40).fill(204));
    // A visitor claim, an address claim and a new-visitor claim each: 120 hits on the store.
    expect(ctx.deps.limits.writes - writes).toBe(120);
    // Hits queued while a statement is in flight go in the next one.
    expect(ctx.deps.limits.statements - statements).toBeLessThanOrEqual(12);
  });

  it.runIf(kind === 'postgres')(
    'concurrent hits on one key count one after another, never past the limit',
    async () => {
      const limit = { name: `test-burst-${randomBytes(4).toString('hex')}`, max: 25, windowMs: 60_000 };
      const counter = ctx.deps.limits.counter(limit);
      const hits = await Promise.all(Array.from({ length: 40 }, () => counter.hit('k')));
      expect(hits.filter((h) => h.allowed)).toHaveLength(25);
      expect(
        hits
          .filter((h) => h.allowed)
          .map((h) => h.count)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      // The other process shares the count: it is refused too.
      expect((await peer.app.deps.limits.counter(limit).hit('k')).allowed).toBe(false);
    },
  );

  it.runIf(kind === 'postgres')(
    'rows an hour past their expiry are cleared; a running or expired count starts over',
    async () => {
      const batches = new PostgresLimitBatches(ctx.deps.db.db, () => Date.now());
      const key = (name: string) => `test-clean-${name}-${randomBytes(4).toString('hex')}`;
      const [old, recent, live] = [key('old'), key('recent'), key('live')];
      const now = Date.now();
      expect(await batches.add(old, 3, now - 61 * 60_000)).toBe(3);
      expect(await batches.add(recent, 2, now - 60_000)).toBe(2);
      expect(await batches.add(live, 1, now + 60_000)).toBe(1);
      // An expired row counts again from the points added; a running one adds to its count.
      expect(await batches.add(recent, 2, now - 60_000)).toBe(2);
      expect(await batches.add(live, 1, now + 60_000)).toBe(2);
      await batches.clean();
      const rows = await sql<{
        key: string;
      }>`select key from rate_limits where key in (${old}, ${recent}, ${live})`.execute(ctx.deps.db.db);
      expect(rows.rows.map((r) => r.key).sort()).toEqual([live, recent].sort());
    },
  );

  it('a distinct limit admits exactly its room of new members asked at once by two processes, then answers alike', async () => {
    const limit = { name: `test-distinct-${randomBytes(4).toString('hex')}`, max: 25, windowMs: 60_000 };
    const here = ctx.deps.limits.distinct(limit);
    // In memory (one SQLite process) each app keeps its own sets: the other process is this one again.
    const there = shared ? peer.app.deps.limits.distinct(limit) : here;
    const members = Array.from({ length: 40 }, (_, i) => `m${i}`);
    const answers = await Promise.all(members.map((m, i) => (i % 2 ? there : here).admit('k', m)));
    expect(answers.filter(Boolean)).toHaveLength(25);
    // Asked again, by limits that remember nothing yet (in memory the sets are the limit's own), in either process.
    const fresh = shared ? [ctx.deps.limits.distinct(limit), peer.app.deps.limits.distinct(limit)] : [here];
    for (const again of fresh) expect(await Promise.all(members.map((m) => again.admit('k', m)))).toEqual(answers);
    // Another key has its own room.
    expect(await there.admit('other', 'm39')).toBe(true);
  });

  it.runIf(shared)(
    'a made-up visitor id past its address’s allowance is refused by both processes, sent to both at once',
    async () => {
      const ip = someIp();
      const id = () => `v-${randomBytes(9).toString('base64url')}`;
      for (let i = 0; i < 30; i++) expect((await pageView(i % 2 ? peer.app : ctx.app, id(), ip)).statusCode).toBe(204);
      // Each fresh id's first two events at the same moment, one to each process: neither may count it as a visitor.
      for (let round = 0; round < 5; round++) {
        const fresh = id();
        const views = await Promise.all([pageView(ctx.app, fresh, ip), pageView(peer.app, fresh, ip)]);
        expect(views.map((v) => v.statusCode)).toEqual([429, 429]);
      }
      // An id admitted by one process is admitted by the other, allowance spent or not.
      const admitted = id();
      const other = someIp();
      expect((await pageView(ctx.app, admitted, other)).statusCode).toBe(204);
      for (let i = 0; i < 29; i++) expect((await pageView(ctx.app, id(), other)).statusCode).toBe(204);
      expect((await pageView(peer.app, admitted, other)).statusCode).toBe(204);
      expect((await pageView(peer.app, id(), other)).statusCode).toBe(429);
    },
  );

  it.runIf(shared)('leases never let two processes pass a limit; unused allowance held by one is bounded', async () => {
    const visitorId = `v-${randomBytes(9).toString('base64url')}`;
    const ip = someIp();
    // The first process claims a lease of 5 and uses one; the other gets what is left, and no more.
    expect((await pageView(ctx.app, visitorId, ip)).statusCode).toBe(204);
    const onPeer: number[] = [];
    for (let i = 0; i < 70; i++) onPeer.push((await pageView(peer.app, visitorId, ip)).statusCode);
    expect(onPeer.filter((c) => c === 204)).toHaveLength(55);
    expect(onPeer.slice(55).every((c) => c === 429)).toBe(true);
    // The first process still holds four events of its lease: 60 in all, exactly the limit.
    const onFirst: number[] = [];
    for (let i = 0; i < 6; i++) onFirst.push((await pageView(ctx.app, visitorId, ip)).statusCode);
    expect(onFirst).toEqual([204, 204, 204, 204, 429, 429]);
  });
});

describe.runIf(redisUrl)('a Redis store that has just been created', () => {
  it('counts in Redis from the first hit once it is ready: the app waits for it before serving', async () => {
    const { redisLimitStore } = await import('./redis-limit-store');
    const clock = new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0));
    const log = { warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof redisLimitStore>[2];
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const limit = { name: 'ready', max: 5, windowMs: 60_000 };
    const counts: number[] = [];
    for (let i = 0; i < 2; i++) {
      const store = redisLimitStore(redisUrl!, clock, log, prefix);
      await store.ready();
      counts.push((await store.counter(limit).hit('k')).count);
      await store.close();
    }
    // In memory each new store would count 1 again; in Redis the second store sees the first one's hit.
    expect(counts).toEqual([1, 2]);
  });
});
