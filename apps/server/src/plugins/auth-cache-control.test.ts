import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../test/test-app';

/** A reply read with someone's session is theirs: no shared cache (a proxy, a CDN) may keep it for another visitor. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("replies read with a member's session", () => {
  it('are marked private and not to be stored; anonymous ones are not', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    for (const url of ['/api/auth/me', '/api/listings', '/api/listings/home']) {
      const signedIn = await ctx.app.inject({ url, headers: session.headers });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe('private, no-store');
    }
    const anonymous = await ctx.app.inject({ url: '/api/listings' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it("keep a route's own stricter or longer rule", async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const options = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/passkeys/options',
      headers: session.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.headers['cache-control']).toBe('no-store');
    // A refusal read with the session is still the member's reply.
    const refused = await ctx.app.inject({ url: '/api/orders/no-such-order', headers: session.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });
});
