import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('hooks placed on the routes that need them', () => {
  it('counts a route limit per signed-in member: the session is known before the limiter runs', async () => {
    const first = await userWithSession(ctx, 'buyer');
    const second = await userWithSession(ctx, 'buyer');
    const report = (who: typeof first) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/listings/no-such-listing/report',
        headers: who.session.headers,
        payload: {},
      });
    // Ten reports in ten minutes each; every request here comes from the same address.
    for (let i = 0; i < 10; i++) expect((await report(first)).statusCode).not.toBe(429);
    expect((await report(first)).statusCode).toBe(429);
    expect((await report(second)).statusCode).not.toBe(429);
  });

  it('still refuses a NUL byte wherever a route reads input, and ignores one a route without input never reads', async () => {
    const refused = await ctx.app.inject({ url: '/api/listings?q=a%00b' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Text must not contain NUL characters.');
    const health = await ctx.app.inject({ url: '/healthz?probe=a%00b' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
