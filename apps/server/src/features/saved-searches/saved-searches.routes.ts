import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorReplies } from '@accountry/shared/api-error';
import {
  SAVED_SEARCH_MESSAGES,
  savedSearchAlertsSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '@accountry/shared/saved-searches';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { noContent } from '../../lib/no-content';
import { notFound } from '../../lib/app-error';
import { deleteSavedSearch, listSavedSearches, saveSearch, setSavedSearchAlerts } from './saved-searches.service';
import { startSavedSearchAlerts } from './saved-search-alerts.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const errors = errorReplies(400, 401, 403, 404);
const tags = ['saved searches'];

/** /api/saved-searches: a member's saved /browse searches, each mailed when new listings match (decision 167). */
export function savedSearchesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const stop = startSavedSearchAlerts(deps, deps.config.savedSearchAlertIntervalMs, (err) =>
      app.log.warn({ err }, 'saved search alerts failed'),
    );
    deps.onClose.push(stop);

    app.get(
      '/api/saved-searches',
      { schema: { tags, response: { 200: savedSearchListSchema, ...errors } } },
      async (request) => listSavedSearches(deps, requireRole(request, MEMBERS)),
    );

    app.post(
      '/api/saved-searches',
      {
        config: perUser(30, '10 minutes'),
        schema: {
          tags,
          body: savedSearchInputSchema,
          response: { 201: savedSearchSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await saveSearch(deps, requireRole(request, MEMBERS), request.body.query)),
    );

    app.patch(
      '/api/saved-searches/:id',
      {
        config: perUser(60, '10 minutes'),
        schema: {
          tags,
          params: z.object({ id: z.string().max(64) }),
          body: savedSearchAlertsSchema,
          response: { 200: savedSearchSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireRole(request, MEMBERS);
        const search = await setSavedSearchAlerts(deps, user.id, request.params.id, request.body.alerts);
        if (!search) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
        return search;
      },
    );

    app.delete(
      '/api/saved-searches/:id',
      { schema: { tags, params: z.object({ id: z.string().max(64) }), response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteSavedSearch(deps, requireRole(request, MEMBERS), request.params.id);
        return noContent(reply);
      },
    );
  };
}
