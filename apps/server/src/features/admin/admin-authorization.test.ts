import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@accountry/shared/roles';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const sessions: Partial<Record<Role, Session>> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['buyer', 'seller', 'both', 'admin'] as const) sessions[role] = (await userWithSession(ctx, role)).session;
});
afterAll(() => ctx.close());

type Route = { method: string; path: string };

/** Every route the app registered, read from Fastify's printed route tree (each line adds a segment to its parent's path). */
function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** Every admin endpoint, whichever feature registered it (announcements and traffic included). */
function adminRoutes(): Route[] {
  const all = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false }));
  return all
    .filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z0-9_]+/g, 'unknown-id-123').replace(/\*/g, 'x') }));
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
  it('finds the admin endpoints through the route tree', () => {
    const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining([
      'GET /api/admin/dashboard', 'GET /api/admin/users', 'PUT /api/admin/users/unknown-id-123/role',
      'POST /api/admin/users/unknown-id-123/delete', 'POST /api/admin/listings/unknown-id-123/hide', 'PATCH /api/admin/reports/unknown-id-123',
      'GET /api/admin/audit',
    ]));
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
      if (/^\/api\/admin\/(dashboard|users|listings|reports|feedback|audit)/.test(route.path) && admin >= 500) failures.push(`${label} as admin → ${admin}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an admin write without the CSRF token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/users/x/disable', headers: { cookie: sessions.admin!.cookie }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
  });
});
