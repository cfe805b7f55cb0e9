import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './auth';

/** /api/admin and everything under it. */
export const isAdminPath = (url: string) => /^\/api\/admin(\/|\?|$)/.test(url);

/**
 * Refuse every /api/admin request that is not from an admin before body and query validation runs, so a
 * signed-out or non-admin caller learns nothing (401/403, never 400) from any admin endpoint, whichever feature
 * registers it. Each handler also calls requireAdmin itself.
 */
export function registerAdminGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (isAdminPath(request.url)) requireAdmin(request);
  });
}
