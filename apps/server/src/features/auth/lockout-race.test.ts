import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { AUTH_POLICY } from './auth-policy';
import { randomBytes, scryptSync } from 'node:crypto';
import { bucketFor } from './throttle.service';
import { clientAddressKey } from '../../lib/client-address';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const REAL_PASSWORD = 'Parallel-Guess-77';
// The stored format at a cost high enough that the guesses overlap while the password is checked, low enough for CI.
const salt = randomBytes(16);
const key = scryptSync(REAL_PASSWORD, salt, 32, { N: 4096, r: 8, p: 1 });
const passwordHash = `scrypt$4096$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
const countedFailures = async (email: string) =>
  (
    await ctx.db
      .selectFrom('authThrottle')
      .select('id')
      .where('bucket', '=', bucketFor('signin-account', email))
      .execute()
  ).length;

describe('sign-in lock-out under parallel guesses', () => {
  it('limits 12 parallel guesses from one address exactly like 12 in a row: the correct 12th does not sign in', async () => {
    const user = await createUser(ctx, { passwordHash });
    const guesses = Array.from({ length: 12 }, (_, i) => (i === 11 ? REAL_PASSWORD : `Wrong-guess-${i}-xyz`));
    const responses = await Promise.all(
      guesses.map((password) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: user.email, password },
          remoteAddress: '198.51.100.12',
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses).not.toContain(200);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // As in a sequence: four wrong passwords are told so, the fifth failure and everything after is locked out.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(AUTH_POLICY.accountFailures - 1);
    expect(await countedFailures(user.email)).toBe(AUTH_POLICY.accountFailures);
    const later = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: REAL_PASSWORD },
      remoteAddress: '198.51.100.13',
    });
    expect(later.statusCode).toBe(429);
    expect(later.json().error.message).toBe(
      'Too many failed login attempts. Please try again later or reset your password.',
    );
  });

  it('a successful sign-in leaves no failure counted against the address', async () => {
    const user = await createUser(ctx, { passwordHash });
    const ip = '198.51.100.14';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: REAL_PASSWORD },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    expect(await countedFailures(user.email)).toBe(0);
    const ipRows = await ctx.db
      .selectFrom('authThrottle')
      .select('id')
      .where('bucket', '=', bucketFor('signin-ip', clientAddressKey(ip)))
      .execute();
    expect(ipRows).toHaveLength(0);
  });
});
