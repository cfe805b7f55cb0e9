import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { memoryLimitStore } from '../lib/rate-limits';
import { createTestApp, type TestContext } from '../test/test-app';
import { registerRateLimit } from './rate-limit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FEEDBACK = { rating: 4, category: 'general', message: 'The search is quick and clear.' };
const feedbackFrom = (remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/feedback', payload: FEEDBACK, remoteAddress });
const reportFrom = (remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/listings/some-listing/report',
    payload: { reason: 'scam' },
    remoteAddress,
  });

describe('route limits count a client address', () => {
  it('as one IPv6 /64, the network one subscriber holds', async () => {
    // Feedback: 10 in 10 minutes per address.
    for (let i = 1; i <= 10; i++) expect((await feedbackFrom(`2001:db8:f:1::${i.toString(16)}`)).statusCode).toBe(201);
    const eleventh = await feedbackFrom('2001:DB8:F:1:ffff:ffff:ffff:1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe('Too many requests. Please try again later.');
    expect((await feedbackFrom('2001:db8:f:2::1')).statusCode).toBe(201);
  });

  it('as the IPv4 address an IPv4-mapped one carries', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await feedbackFrom(i % 2 ? '198.51.100.20' : '::ffff:198.51.100.20');
      expect(res.statusCode).toBe(201);
    }
    expect((await feedbackFrom('::ffff:198.51.100.20')).statusCode).toBe(429);
  });

  it('by /64 for someone not signed in on a route counted per member', async () => {
    // A listing report: 10 in 10 minutes per member, or per address for anyone else (who is then refused).
    for (let i = 1; i <= 10; i++) expect((await reportFrom(`2001:db8:f:3::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await reportFrom('2001:db8:f:3::beef')).statusCode).toBe(429);
    expect((await reportFrom('2001:db8:f:4::1')).statusCode).toBe(401);
  });
});

describe('a route limit in the memory store when one network sends from many /64s', () => {
  // The memory store tracks a bounded number of keys per window and refuses new ones past it (1,000 here instead of
  // 200,000, so that the test sends few requests); 10 requests per address in 10 minutes.
  const MAX_KEYS = 1_000;
  let app: FastifyInstance;
  beforeEach(async () => {
    app = Fastify();
    await registerRateLimit(app, memoryLimitStore(new ManualClock(), MAX_KEYS));
    app.post('/limited', { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } }, async (_, reply) =>
      reply.status(204).send(),
    );
  });
  afterEach(() => app.close());
  const from = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/limited', remoteAddress }).then((r) => r.statusCode);
  /** The n-th /64 of a /48 such as 2001:db8:a::/48, a different one each time. */
  const sixtyFour = (network: string, n: number) => `${network}:${n.toString(16)}::1`;

  it('cannot fill the window: other clients still get their first request', async () => {
    for (let n = 0; n < MAX_KEYS; n++) await from(sixtyFour('2001:db8:a', n));
    expect(await from('2001:db8:b::1')).toBe(204);
    expect(await from('2001:db9::1')).toBe(204);
    expect(await from('203.0.113.9')).toBe(204);
  });

  it('refuses a /48 past eight times the allowance of one address, and not its neighbour', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 200; n++) codes.push(await from(sixtyFour('2001:db8:a', n)));
    expect(codes.slice(0, 80)).toEqual(Array(80).fill(204));
    expect(codes.slice(80)).toEqual(Array(120).fill(429));
    // Every /64 of the /48 is refused now, one that has used none of its own allowance too.
    expect(await from(sixtyFour('2001:db8:a', 0))).toBe(429);
    expect(await from(sixtyFour('2001:db8:a', 0xffff))).toBe(429);
    // The next /48 has an allowance of its own; a /64 in it still stops at its own 10.
    const neighbour: number[] = [];
    for (let i = 1; i <= 11; i++) neighbour.push(await from(`2001:db8:b:1::${i}`));
    expect(neighbour).toEqual([...Array(10).fill(204), 429]);
    expect(await from('2001:db8:b:2::1')).toBe(204);
    // An IPv4 client is one address, counted as before.
    expect(await from('203.0.113.9')).toBe(204);
  });
});
