import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import type { Role } from '@accountry/shared/roles';
import {
  listingCreateSchema,
  listingStatusChangeSchema,
  listingUpdateSchema,
  myListingsQuerySchema,
  myListingsResponseSchema,
  ownListingSchema,
} from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import {
  changeStatus,
  createListing,
  deleteListing,
  duplicateListing,
  editListing,
  myListings,
  ownListing,
} from './listing-management.service';
import { noContent } from '../../lib/no-content';
import { listingReviewRequestSchema } from '@accountry/shared/listing-review-requests';
import { requestListingReview } from './listing-review-requests.service';

const SELLERS: Role[] = ['seller', 'both'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = errorReplies(400, 401, 403, 404, 409, 429);
const tags = ['listing management'];

/**
 * The seller's own listings: list, create, edit, status changes, a hidden one's review request, duplicate, delete.
 * Sellers (and both) only.
 */
export function listingManagementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/my/listings',
      { schema: { tags, querystring: myListingsQuerySchema, response: { 200: myListingsResponseSchema, ...errors } } },
      async (request) => myListings(deps, requireRole(request, SELLERS), request.query),
    );

    app.get(
      '/api/my/listings/:id',
      { schema: { tags, params: idParams, response: { 200: ownListingSchema, ...errors } } },
      async (request) => ownListing(deps, requireRole(request, SELLERS), request.params.id),
    );

    app.post(
      '/api/listings',
      { schema: { tags, body: listingCreateSchema, response: { 201: ownListingSchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await createListing(deps, requireRole(request, SELLERS), request.body)),
    );

    app.put(
      '/api/listings/:id',
      { schema: { tags, params: idParams, body: listingUpdateSchema, response: { 200: ownListingSchema, ...errors } } },
      async (request) => editListing(deps, requireRole(request, SELLERS), request.params.id, request.body),
    );

    app.post(
      '/api/listings/:id/status',
      {
        schema: {
          tags,
          params: idParams,
          body: listingStatusChangeSchema,
          response: { 200: ownListingSchema, ...errors },
        },
      },
      async (request) =>
        changeStatus(deps, requireRole(request, SELLERS), request.params.id, request.body.status, request.body.from),
    );

    app.post(
      '/api/listings/:id/review-request',
      {
        schema: {
          tags,
          params: idParams,
          body: listingReviewRequestSchema,
          response: { 200: ownListingSchema, ...errors },
        },
      },
      async (request) => requestListingReview(deps, requireRole(request, SELLERS), request.params.id, request.body),
    );

    app.post(
      '/api/listings/:id/duplicate',
      { schema: { tags, params: idParams, response: { 201: ownListingSchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await duplicateListing(deps, requireRole(request, SELLERS), request.params.id)),
    );

    app.delete(
      '/api/listings/:id',
      { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteListing(deps, requireRole(request, SELLERS), request.params.id);
        return noContent(reply);
      },
    );
  };
}
