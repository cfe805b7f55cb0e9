import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { favoriteInputSchema, favoritesPageSchema, favoriteStateSchema } from '@accountry/shared/favorites';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { favorite, listFavorites, unfavorite } from './favorites.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const errors = errorReplies(400, 401, 403, 404, 429);
const tags = ['favorites'];

/** Favorite writes (adding and removing together) a member may make in 10 minutes: each clears members' kept sets. */
export const FAVORITE_WRITES_PER_WINDOW = 100;
const writeLimit = perUser(FAVORITE_WRITES_PER_WINDOW, '10 minutes', { group: 'favorites.writes' });

/** Buyers, sellers and both keep favorites; /favorites lists them. */
export function favoritesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/favorites',
      {
        schema: {
          tags,
          querystring: z.object({ cursor: z.string().max(300).optional() }),
          response: { 200: favoritesPageSchema, ...errors },
        },
      },
      async (request) => listFavorites(deps, requireRole(request, MEMBERS), request.query.cursor),
    );

    app.post(
      '/api/favorites',
      {
        config: writeLimit,
        schema: { tags, body: favoriteInputSchema, response: { 201: favoriteStateSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await favorite(deps, requireRole(request, MEMBERS), request.body.listingId)),
    );

    app.delete(
      '/api/favorites/:listingId',
      {
        config: writeLimit,
        schema: {
          tags,
          params: z.object({ listingId: z.string().min(1).max(64) }),
          response: { 200: favoriteStateSchema, ...errors },
        },
      },
      async (request) => unfavorite(deps, requireRole(request, MEMBERS), request.params.listingId),
    );
  };
}
