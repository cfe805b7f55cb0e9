import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  OFFER_ROUTES as R,
  offerInputSchema,
  offerSchema,
  offersPageSchema,
  offersQuerySchema,
} from '@accountry/shared/offers';
import type { Role } from '@accountry/shared/roles';
import { requireRole } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import type { OrdersContext } from './orders-context';
import { makeOffer, offersPage } from './offers.service';
import { answerOffer } from './offer-answers.service';

const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const errors = errorReplies(400, 401, 403, 404, 409, 429);
const tags = ['offers'];
const params = z.object({ id: z.string().min(1).max(64) });

/** Offers on negotiable listings (decision 180): made by buyers, answered by sellers, bought through buy-now. */
export function offersRoutes(ctx: OrdersContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      R.make,
      {
        config: perUser(30, '1 minute'),
        schema: { tags, params, body: offerInputSchema, response: { 201: offerSchema, ...errors } },
      },
      async (request, reply) => {
        const user = requireRole(request, MEMBERS);
        return reply
          .status(201)
          .send(await makeOffer(ctx, user, request.params.id, request.body.amountCents, request.body.note));
      },
    );

    app.get(
      R.list,
      { schema: { tags, querystring: offersQuerySchema, response: { 200: offersPageSchema, ...errors } } },
      async (request) => offersPage(ctx, requireRole(request, MEMBERS), request.query),
    );

    app.post(
      R.counter,
      { schema: { tags, params, body: offerInputSchema, response: { 200: offerSchema, ...errors } } },
      async (request) =>
        answerOffer(
          ctx,
          requireRole(request, MEMBERS),
          request.params.id,
          'counter',
          request.body.amountCents,
          request.body.note,
        ),
    );

    for (const [route, answer] of [
      [R.accept, 'accept'],
      [R.decline, 'decline'],
      [R.acceptCounter, 'accept-counter'],
      [R.withdraw, 'withdraw'],
    ] as const)
      app.post(route, { schema: { tags, params, response: { 200: offerSchema, ...errors } } }, async (request) =>
        answerOffer(ctx, requireRole(request, MEMBERS), request.params.id, answer),
      );
  };
}
