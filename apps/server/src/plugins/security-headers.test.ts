import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestContext } from '../test/test-app';

const common = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const csp =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:";

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([k]) => k in common || k === 'content-security-policy' || k === 'strict-transport-security',
    ),
  );

describe.each([
  ['development', {}, { ...common, 'content-security-policy': csp }],
  [
    'production',
    { NODE_ENV: 'production' },
    {
      ...common,
      'content-security-policy': `${csp};upgrade-insecure-requests`,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    },
  ],
])('security headers in %s', (_name, env, expected) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(env);
  });
  afterAll(() => ctx.close());

  it.each([
    ['an API answer', 'GET', '/healthz'],
    ['an error', 'GET', '/api/listings/nope?limit=abc'],
    ['an unknown API route', 'GET', '/api/no-such-thing'],
    ['a tracking beacon', 'POST', '/api/traffic/events'],
    ['an upload', 'GET', '/uploads/listings/missing.webp'],
  ] as const)('are exactly the pinned set on %s', async (_what, method, url) => {
    const res = await ctx.app.inject({ method, url });
    expect(securityHeadersOf(res.headers)).toEqual(expected);
    // No inline scripts, and nothing may frame the app.
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('session cookies', () => {
  it.each([
    ['development', {}, 'sid', 'csrf_token', 'device', undefined],
    ['production', { NODE_ENV: 'production' }, '__Host-sid', '__Host-csrf_token', '__Host-device', true],
  ] as const)('in %s are %s and %s, Path=/ without a Domain', async (_name, env, session, csrf, device, secure) => {
    const ctx = await createTestApp(env);
    try {
      const user = await createUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: '10.99.0.1',
      });
      expect(res.statusCode).toBe(200);
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
      expect(Object.keys(cookies).sort()).toEqual([csrf, device, session].sort());
      for (const c of [cookies[session], cookies[csrf], cookies[device]]) {
        expect(c).toMatchObject({ path: '/', sameSite: 'Lax' });
        expect(c.domain).toBeUndefined();
        expect(c.secure).toBe(secure);
      }
      expect(cookies[session].httpOnly).toBe(true);
      // The browser's id for new-sign-in mails (decision 170) is for the server alone, and lasts a year.
      expect(cookies[device].httpOnly).toBe(true);
      expect(cookies[device].expires!.getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
      // The web client reads the CSRF cookie, so it must not be httpOnly; the session answers to its own name only.
      expect(cookies[csrf].httpOnly).toBeUndefined();
      const cookie = `${session}=${cookies[session].value}`;
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie } });
      expect(me.json().user.email).toBe(user.email);
    } finally {
      await ctx.close();
    }
  });
});
