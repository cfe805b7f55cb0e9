import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { startAccountEraser } from './account-erasure.service';
import { adminAuditRoutes } from './admin-audit.routes';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { adminListingsRoutes } from './admin-listings.routes';
import { adminReportsRoutes } from './admin-reports.routes';
import { adminUsersRoutes } from './admin-users.routes';
import { adminWaitingRoutes } from './admin-waiting.routes';
import { startAdminWaitingPush } from './admin-waiting.socket';

/** Every /api/admin endpoint of the admin area (announcements and traffic register their own). */
export function adminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminDashboardRoutes(deps));
    await app.register(adminUsersRoutes(deps));
    await app.register(adminListingsRoutes(deps));
    await app.register(adminReportsRoutes(deps));
    await app.register(adminAuditRoutes(deps));
    await app.register(adminWaitingRoutes(deps));
    startAdminWaitingPush(deps);
    const stopEraser = startAccountEraser(deps, deps.config.accountEraseIntervalMs, (err) =>
      app.log.warn({ err }, 'account erasure failed'),
    );
    deps.onClose.push(stopEraser);
  };
}
