import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

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
