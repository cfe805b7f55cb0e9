import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { ADMIN_WAITING_ROUTE, adminWaitingSchema } from '@accountry/shared/admin-waiting';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import { countAdminWaiting } from './admin-waiting.repository';

/** GET /api/admin/waiting: the counts on the Admin link and the admin sections (decision 186). */
export function adminWaitingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ADMIN_WAITING_ROUTE,
      { schema: { tags: ['admin'], response: { 200: adminWaitingSchema, ...errorReplies(401, 403) } } },
      async (request) => {
        requireAdmin(request);
        return countAdminWaiting(deps.db.db);
      },
    );
  };
}
