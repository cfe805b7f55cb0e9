import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './auth';

/** The route pattern /api/admin and everything under it. */
export const isAdminRoute = (routeUrl: string | undefined) => !!routeUrl && /^\/api\/admin(\/|$)/.test(routeUrl);

/**
 * Refuse every request matched to an /api/admin route that is not from an admin, before body and query validation
 * runs, so a signed-out or non-admin caller learns nothing (401/403, never 400) from any admin endpoint, whichever
 * feature registers it. The decision is on the matched route, not the raw URL: "/api/%61dmin/users" is the same
 * route. Each handler also calls requireAdmin itself.
 */
export function registerAdminGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (isAdminRoute(request.routeOptions.url)) requireAdmin(request);
  });
}
