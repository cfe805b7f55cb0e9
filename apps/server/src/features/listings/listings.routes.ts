import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, errorReplies } from '@accountry/shared/api-error';
import { browseQuerySchema, browseResponseSchema, homeListingsSchema } from '@accountry/shared/listing-browse';
import { listingCardSchema } from '@accountry/shared/listing-schemas';
import { listingDetailSchema, listingDetailViewerSchema, listingReportSchema } from '@accountry/shared/listing-detail';
import type { AppDeps } from '../../app';
import { requireUser } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { browseListings, homeListings, reportListing } from './listings.service';
import { listingDetail, similarListings } from './listing-detail.service';
import { listingManagementRoutes } from './listing-management.routes';
import { listingImagesRoutes } from './listing-images.routes';
import { catalogueCacheFor } from './catalogue-cache';
import { sendJsonParts } from '../../lib/json-parts';
import { jsonPartSerializer } from '../../plugins/reply-serializer';

// The detail reply is the stored page (listings.service.ts) followed by these properties (decision 154).
const writeDetailViewer = jsonPartSerializer(listingDetailViewerSchema, { method: 'GET', url: '/api/listings/:id' });
const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = errorReplies(400, 401, 403, 404, 409);

/** Browse (public), home sections, account detail, similar listings and reports; management and images below. */
export function listingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Stored bytes by page and the viewer's favorites on it, until a listing changes (decision 145).
    const catalogueReplies = catalogueCacheFor(deps).replies;

    app.get(
      '/api/listings',
      {
        schema: {
          tags: ['listings'],
          querystring: browseQuerySchema,
          response: { 200: browseResponseSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const page = await browseListings(deps, request.query, request.user);
        return catalogueReplies.send(request, reply, page.key, page.build, page.since);
      },
    );

    app.get(
      '/api/listings/home',
      { schema: { tags: ['listings'], response: { 200: homeListingsSchema } } },
      async (request, reply) => {
        const home = await homeListings(deps, request.user);
        return catalogueReplies.send(request, reply, home.key, home.build, home.since);
      },
    );

    app.get(
      '/api/listings/:id',
      { schema: { tags: ['listings'], params: idParams, response: { 200: listingDetailSchema, ...errors } } },
      async (request, reply) => {
        const detail = await listingDetail(deps, request.params.id, requireUser(request));
        return sendJsonParts(request, reply, detail.page, writeDetailViewer(detail.viewer, deps.config.checkReplies));
      },
    );

    app.get(
      '/api/listings/:id/similar',
      {
        schema: {
          tags: ['listings'],
          params: idParams,
          response: { 200: z.object({ items: z.array(listingCardSchema) }), ...errors },
        },
      },
      async (request) => ({ items: await similarListings(deps, request.params.id, requireUser(request)) }),
    );

    app.post(
      '/api/listings/:id/report',
      {
        config: perUser(10, '10 minutes'),
        schema: {
          tags: ['listings'],
          params: idParams,
          body: listingReportSchema,
          response: { 201: z.object({ id: z.string() }), ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await reportListing(deps, request.params.id, requireUser(request), request.body)),
    );

    await app.register(listingManagementRoutes(deps));
    await app.register(listingImagesRoutes(deps));
  };
}
