import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import { sellerProfileSchema } from '@accountry/shared/sellers';
import { reviewInputSchema, reviewReplySchema, reviewSchema, reviewsPageSchema } from '@accountry/shared/reviews';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import { requireRole, requireUser } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { sellerProfile, visibleSeller } from './sellers.service';
import { createReview, listSellerReviews, replyToReview } from './reviews.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const id = z.string().min(1).max(64);
const errors = errorReplies(400, 401, 403, 404, 409);

/** Seller profiles (signed in) and reviews: buyers of sold listings rate the seller, the seller answers once. */
export function sellersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/sellers/:id',
      { schema: { tags: ['sellers'], params: z.object({ id }), response: { 200: sellerProfileSchema, ...errors } } },
      async (request) => {
        requireUser(request);
        return sellerProfile(deps, request.params.id, { sellersOnly: true });
      },
    );

    app.get(
      '/api/sellers/:id/reviews',
      {
        schema: {
          tags: ['sellers'],
          params: z.object({ id }),
          querystring: z.object({ cursor: z.string().max(300).optional() }),
          response: { 200: reviewsPageSchema, ...errors },
        },
      },
      async (request) => {
        requireUser(request);
        // Answered as the profile is: no reviews of a page that does not exist (a deleted member, a buyer).
        await visibleSeller(deps, request.params.id, { sellersOnly: true });
        return listSellerReviews(deps, request.params.id, request.query.cursor);
      },
    );

    app.post(
      '/api/listings/:id/reviews',
      {
        config: perUser(10, '10 minutes'),
        schema: {
          tags: ['sellers'],
          params: z.object({ id }),
          body: reviewInputSchema,
          response: { 201: reviewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireRole(request, MEMBERS);
        return reply.status(201).send(await createReview(deps, request.params.id, user, request.body));
      },
    );

    app.post(
      '/api/reviews/:id/reply',
      {
        schema: {
          tags: ['sellers'],
          params: z.object({ id }),
          body: reviewReplySchema,
          response: { 200: reviewSchema, ...errors },
        },
      },
      async (request) => replyToReview(deps, request.params.id, requireUser(request), request.body.reply),
    );
  };
}
