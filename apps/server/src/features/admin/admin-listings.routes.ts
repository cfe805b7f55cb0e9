import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  adminListingSchema,
  adminListingsPageSchema,
  adminListingsQuerySchema,
  deleteListingInputSchema,
  hideListingInputSchema,
} from '@accountry/shared/admin-listings';
import { declineListingReviewSchema } from '@accountry/shared/listing-review-requests';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import * as listings from './admin-listings.service';
import { declineListingReview } from './admin-listing-review.service';

const params = z.object({ listingId: z.string().min(1).max(64) });
const errors = errorReplies(400, 401, 403, 404, 409);

/**
 * /api/admin/listings: every listing; hide and unhide with a reason the seller sees; keep hidden at the seller's request
 * for another look (decision 259); delete (soft, decision 043).
 */
export function adminListingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/listings',
      {
        schema: {
          tags: ['admin'],
          querystring: adminListingsQuerySchema,
          response: { 200: adminListingsPageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listings.listListings(deps, request.query);
      },
    );

    app.post(
      '/api/admin/listings/:listingId/hide',
      {
        schema: {
          tags: ['admin'],
          params,
          body: hideListingInputSchema,
          response: { 200: adminListingSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return listings.hideListing(deps, actor, request.params.listingId, request.body.reason);
      },
    );

    app.post(
      '/api/admin/listings/:listingId/unhide',
      { schema: { tags: ['admin'], params, response: { 200: adminListingSchema, ...errors } } },
      async (request) => {
        const actor = requireAdmin(request);
        return listings.unhideListing(deps, actor, request.params.listingId);
      },
    );

    app.post(
      '/api/admin/listings/:listingId/review-request/decline',
      {
        schema: {
          tags: ['admin'],
          params,
          body: declineListingReviewSchema,
          response: { 200: adminListingSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return declineListingReview(deps, actor, request.params.listingId, request.body);
      },
    );

    app.post(
      '/api/admin/listings/:listingId/delete',
      {
        schema: {
          tags: ['admin'],
          params,
          body: deleteListingInputSchema.optional(),
          response: { 200: adminListingSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return listings.deleteListing(deps, actor, request.params.listingId, request.body?.reason);
      },
    );
  };
}
