import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { dataExportInputSchema } from '@accountry/shared/data-export';
import type { AppDeps } from '../../app';
import { requireUser } from '../../plugins/auth';
import { sendJsonStream } from '../../plugins/compression';
import { PASSWORD_CONFIRMATION_LIMIT } from '../auth/confirm-password.service';
import { startDataExport } from './data-export.service';
import { EXPORT_IDLE_MS } from './export-run';

const errors = errorReplies(400, 401, 403, 429);

/** POST /api/profile/data-export: the member's data as a JSON file to save (decision 179). */
export function dataExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/profile/data-export',
      {
        // Each try costs a password hash: limited as every password confirmation is.
        config: { rateLimit: PASSWORD_CONFIRMATION_LIMIT },
        schema: { tags: ['profile'], body: dataExportInputSchema, response: errors },
      },
      async (request, reply) => {
        const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        const file = await startDataExport(deps, requireUser(request), request.sessionId, request.body, origin);
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        reply.header('cache-control', 'no-store');
        reply.raw.setTimeout(EXPORT_IDLE_MS, () => reply.raw.destroy());
        return sendJsonStream(request, reply, file.body);
      },
    );
  };
}
