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
});
