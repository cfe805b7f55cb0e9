import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { post } from './auth-test-helpers';

/**
 * A stranger asking for mail to one address with many requests at once (from many addresses of their own) is limited
 * as a sequence would be: one mail a minute per kind, the rest refused.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PARALLEL = 8;
const atOnce = (send: () => ReturnType<typeof post>) => Promise.all(Array.from({ length: PARALLEL }, send));

describe('account mail asked for in parallel', () => {
  it('password reset: one link is mailed, the other requests are told to wait', async () => {
    const user = await createUser(ctx);
    const replies = await atOnce(() => post(ctx, '/api/auth/password-reset/request', { email: user.email }));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(PARALLEL - 1);
    for (const r of refused)
      expect(r.json().error.message).toBe('Please wait a minute before asking for another email.');
    expect(await ctx.mailsTo(user.email)).toHaveLength(1);
  });

  it('a new verification link: one is mailed', async () => {
    const user = await createUser(ctx, { emailVerified: false });
    const replies = await atOnce(() => post(ctx, '/api/auth/resend-verification', { email: user.email }));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(PARALLEL - 1);
    expect(await ctx.mailsTo(user.email)).toHaveLength(1);
  });
});
