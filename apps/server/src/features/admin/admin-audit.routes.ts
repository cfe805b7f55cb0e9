import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { adminAuditQuerySchema, auditFacetsSchema, auditPageSchema } from '@accountry/shared/admin-audit';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import { auditFacets, listAudit } from './admin-audit.repository';
import { adminCursor } from './sql-helpers';

const errors = errorReplies(400, 401, 403);

function parseDetails(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { value: v };
  } catch {
    return { raw };
  }
}

/** /api/admin/audit: every admin action, newest first, filtered by action, actor or target. */
export function adminAuditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        schema: { tags: ['admin'], querystring: adminAuditQuerySchema, response: { 200: auditPageSchema, ...errors } },
      },
      async (request) => {
        requireAdmin(request);
        const page = await listAudit(deps.db.db, { ...request.query, cursor: adminCursor(request.query.cursor) });
        return {
          items: page.items.map((r) => ({ ...r, details: parseDetails(r.details) })),
          nextCursor: page.nextCursor,
        };
      },
    );

    app.get(
      '/api/admin/audit/facets',
      { schema: { tags: ['admin'], response: { 200: auditFacetsSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return auditFacets(deps.db.db);
      },
    );
  };
}
