import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from './auth';
import { addRouteHook } from './route-hooks';

/** The route pattern /api/admin and everything under it. */
export const isAdminRoute = (routeUrl: string | undefined) => !!routeUrl && /^\/api\/admin(\/|$)/.test(routeUrl);

const guardAdmin = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/**
 * Refuse every request matched to an /api/admin route that is not from an admin, before body and query validation
 * runs, so a signed-out or non-admin caller learns nothing (401/403, never 400) from any admin endpoint, whichever
 * feature registers it. The decision is on the matched route, not the raw URL: "/api/%61dmin/users" is the same
 * route. Registered after the session hook (plugins/auth.ts), so it runs after it. Each handler also calls
 * requireAdmin itself.
 */
export function registerAdminGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (isAdminRoute(route.url)) addRouteHook(route, 'onRequest', guardAdmin);
  });
}
