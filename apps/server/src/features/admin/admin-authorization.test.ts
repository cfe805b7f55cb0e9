import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@accountry/shared/roles';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const sessions: Partial<Record<Role, Session>> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['buyer', 'seller', 'both', 'admin'] as const)
    sessions[role] = (await userWithSession(ctx, role)).session;
});
afterAll(() => ctx.close());

type Route = { method: string; path: string };

/** Every admin endpoint, whichever feature registered it (announcements and traffic included), from the registry. */
function adminRoutes(): Route[] {
  return ctx.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && (r.url === '/api/admin' || r.url.startsWith('/api/admin/')))
    .map((r) => ({ method: r.method, path: r.url.replace(/:[A-Za-z0-9_]+/g, 'unknown-id-123').replace(/\*/g, 'x') }));
}

async function call(route: Route, session?: Session) {
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const res = await ctx.app.inject({
    method: route.method as 'GET',
    url: route.path,
    headers: session?.headers,
    ...(withBody ? { payload: {} } : {}),
  });
  return res.statusCode;
}

describe('authorisation matrix of /api/admin/*', () => {
  it('finds the admin endpoints through the route registry', () => {
    const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'GET /api/admin/users',
        'PUT /api/admin/users/unknown-id-123/role',
        'POST /api/admin/users/unknown-id-123/delete',
        'POST /api/admin/listings/unknown-id-123/hide',
        'PATCH /api/admin/reports/unknown-id-123',
        'GET /api/admin/audit',
      ]),
    );
  });

  it('answers 401 signed out, 403 to buyer, seller and both, and lets admin through, on every admin endpoint', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const anonymous = await call(route);
      if (anonymous !== 401) failures.push(`${label} signed out → ${anonymous}`);
      for (const role of ['buyer', 'seller', 'both'] as const) {
        const status = await call(route, sessions[role]);
        if (status !== 403) failures.push(`${label} as ${role} → ${status}`);
      }
      const admin = await call(route, sessions.admin);
      if (admin === 401 || admin === 403) failures.push(`${label} as admin → ${admin}`);
      // Our own endpoints answer unknown ids and empty bodies cleanly, never with a server error.
      if (/^\/api\/admin\/(dashboard|users|listings|reports|feedback|audit)/.test(route.path) && admin >= 500)
        failures.push(`${label} as admin → ${admin}`);
    }
    expect(failures).toEqual([]);
  });

  it('decides on the matched route: encoded paths and bad queries get 401/403, never validation errors', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const rest = route.path.slice('/api/admin'.length);
      const variants = [
        `/api/%61dmin${rest}`,
        `/api/%61%64%6d%69%6e${rest}`,
        `/%61pi/admin${rest}`,
        `/api/admin${rest}?limit=abc&cursor=%00`,
        `/api/%61dmin${rest}?limit=abc`,
      ];
      for (const url of variants) {
        const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
        const send = (session?: Session) =>
          ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: session?.headers,
            ...(withBody ? { payload: { nonsense: ['x'], limit: 'abc' } } : {}),
          });
        const anonymous = (await send()).statusCode;
        if (anonymous !== 401 && anonymous !== 404) failures.push(`${route.method} ${url} signed out → ${anonymous}`);
        const buyer = (await send(sessions.buyer)).statusCode;
        if (buyer !== 403 && buyer !== 404) failures.push(`${route.method} ${url} as buyer → ${buyer}`);
      }
    }
    expect(failures).toEqual([]);
    for (const session of [undefined, sessions.buyer]) {
      const res = await ctx.app.inject({ url: '/api/%61dmin/users?limit=abc', headers: session?.headers });
      expect(res.statusCode).toBe(session ? 403 : 401);
    }
  });

  it('refuses an admin write without the CSRF token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users/x/disable',
      headers: { cookie: sessions.admin!.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
  });
});
