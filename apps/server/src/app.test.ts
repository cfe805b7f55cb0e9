import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the HTTP server', () => {
  it('gives a client two minutes to send a whole request, so a trickled body cannot hold a connection for good', () => {
    expect(ctx.app.server.requestTimeout).toBe(120_000);
    // Headers alone must arrive sooner (Node's own default, kept).
    expect(ctx.app.server.headersTimeout).toBeLessThanOrEqual(60_000);
  });

  it('takes JSON bodies up to 64 KB on a route that sets no limit of its own, and refuses a larger one with 413', async () => {
    const verify = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const bodyOf = (bytes: number) => {
      const start = '{"token":"';
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`;
    };
    // Read and checked by the route's schema (the token is far too long): not refused for its size.
    const fits = await verify(bodyOf(64 * 1024));
    expect(fits.statusCode).toBe(400);
    expect(fits.json().error.code).toBe('VALIDATION_FAILED');
    for (const payload of [
      bodyOf(64 * 1024 + 1),
      // A 650 KB object of 60,000 fields no schema knows: refused before anything reads it.
      `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
    ]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
  });
});
