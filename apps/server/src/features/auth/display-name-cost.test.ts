import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { freshIp } from './auth-test-helpers';

/**
 * A display name over the 40 characters is refused for its length and read no further: the reserved-name check
 * (reserved-names.ts) read a name of any length the 64 KB body allows, and "a a a …" folded n²/2 times (4,000 words
 * held the event loop ~10 s, from one signed-out sign-up request). Counted by String.prototype.normalize calls (one
 * per fold, plus one NFKC per name): linear work is a few per word.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const WORDS = 1500;
const longName = 'a '.repeat(WORDS).trim();

async function normalizeCallsDuring(request: () => Promise<{ statusCode: number; json(): any }>) {
  const spy = vi.spyOn(String.prototype, 'normalize');
  const res = await request();
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return { res, calls };
}

describe('a display name of many one-letter words', () => {
  it('is refused at sign-up for its length with work linear in its size', async () => {
    const { res, calls } = await normalizeCallsDuring(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: freshIp(),
        payload: { email: 'long.name@example.test', password: 'Correct-Horse-42', displayName: longName },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.displayName).toBe(FIELD_MESSAGES.displayNameLength);
    // 1,500 words: the quadratic walk folds ~1,100,000 times.
    expect(calls).toBeLessThanOrEqual(10 * WORDS);
  }, 120_000);

  it('is refused on a profile update with work linear in its size', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const { res, calls } = await normalizeCallsDuring(() =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: session.headers,
        remoteAddress: freshIp(),
        payload: { displayName: longName },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(calls).toBeLessThanOrEqual(10 * WORDS);
  }, 120_000);
});
