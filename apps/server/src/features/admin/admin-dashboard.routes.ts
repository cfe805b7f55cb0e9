import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@accountry/shared/api-error';
import {
  dashboardQuerySchema,
  dashboardSchema,
  utcCalendarStarts,
  type Dashboard,
} from '@accountry/shared/admin-dashboard';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import { dashboardFigures } from './admin-dashboard.repository';
import { reportCounts } from './admin-reports.service';

/** GET /api/admin/dashboard: the counts on /admin. Active users and page views come from the traffic endpoints. */
export function adminDashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags: ['admin'],
          querystring: dashboardQuerySchema,
          response: { 200: dashboardSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request): Promise<Dashboard> => {
        requireAdmin(request);
        const now = deps.clock.now();
        const utc = utcCalendarStarts(now);
        const weekStart = request.query.weekStart ?? utc.weekStart;
        const monthStart = request.query.monthStart ?? utc.monthStart;
        const [f, reports] = await Promise.all([
          dashboardFigures(deps.db.db, weekStart, monthStart),
          reportCounts(deps),
        ]);
        const usersByRole = { buyer: 0, seller: 0, both: 0, admin: 0 };
        for (const r of f.byRole) if (r.role in usersByRole) usersByRole[r.role] = r.n;
        const pick = (c: { open: number; in_progress: number }) => ({ open: c.open, in_progress: c.in_progress });
        const openReports = {
          listing: pick(reports.listing),
          conversation: pick(reports.conversation),
          user: pick(reports.user),
          feedback: pick(reports.feedback),
        };
        return {
          usersByRole,
          totalUsers: Object.values(usersByRole).reduce((a, b) => a + b, 0),
          disabledUsers: f.disabled,
          deletedUsers: f.deleted,
          newSignupsThisWeek: f.signups,
          activeListings: f.activeListings,
          hiddenListings: f.hiddenListings,
          listingsSoldThisMonth: f.soldThisMonth,
          openReports: { ...openReports, total: Object.values(openReports).reduce((a, c) => a + c.open, 0) },
          weekStart,
          monthStart,
        };
      },
    );
  };
}
