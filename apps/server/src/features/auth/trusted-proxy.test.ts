import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});
async function app(env: Record<string, string>) {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return ctx;
}

const signIn = (ctx: TestContext, email: string, password: string, from: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const sessionIp = async (ctx: TestContext, userId: string) =>
  (await ctx.db.selectFrom('sessions').select('ip').where('userId', '=', userId).executeTakeFirstOrThrow()).ip;

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  it('in production by default, a forged X-Forwarded-For does not escape the per-address sign-in lock-out', async () => {
    const ctx = await app({ NODE_ENV: 'production' });
    const perAccount = AUTH_POLICY.accountFailures - 1;
    let forged = 0;
    // Failures spread over several accounts, so only the per-address limit can be what locks.
    for (let made = 0; made < AUTH_POLICY.ipFailures;) {
      const user = await createUser(ctx);
      for (let i = 0; i < perAccount && made < AUTH_POLICY.ipFailures; i++, made++) {
        const res = await signIn(ctx, user.email, 'Wrong-password-1', '198.51.100.7', `203.0.113.${forged++}`);
        expect(res.statusCode === 401 || res.statusCode === 429).toBe(true);
      }
    }
    const victim = await createUser(ctx);
    const res = await signIn(ctx, victim.email, TEST_PASSWORD, '198.51.100.7', '203.0.113.250');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(
      'Too many failed login attempts. Please try again later or reset your password.',
    );
  });

  it('believes X-Forwarded-For only from a configured proxy address', async () => {
    const ctx = await app({ TRUST_PROXY: '10.9.0.1, 10.8.0.0/16' });
    const viaProxy = await createUser(ctx);
    expect((await signIn(ctx, viaProxy.email, TEST_PASSWORD, '10.8.3.4', '203.0.113.5')).statusCode).toBe(200);
    expect(await sessionIp(ctx, viaProxy.id)).toBe('203.0.113.5');
    const direct = await createUser(ctx);
    expect((await signIn(ctx, direct.email, TEST_PASSWORD, '192.0.2.44', '203.0.113.5')).statusCode).toBe(200);
    expect(await sessionIp(ctx, direct.id)).toBe('192.0.2.44');
  });

  it('with a hop count, takes the address the nearest proxy saw', async () => {
    const ctx = await app({ TRUST_PROXY: '1' });
    const user = await createUser(ctx);
    expect((await signIn(ctx, user.email, TEST_PASSWORD, '10.9.0.1', '1.2.3.4, 203.0.113.77')).statusCode).toBe(200);
    expect(await sessionIp(ctx, user.id)).toBe('203.0.113.77');
  });
});
