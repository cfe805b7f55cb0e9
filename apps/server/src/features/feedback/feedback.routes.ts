import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackCreatedSchema, feedbackInputSchema } from '@accountry/shared/feedback';
import { apiErrorSchema } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { newId } from '../../lib/ids';
import { insertFeedback } from './feedback.repository';

/** POST /api/feedback: the rate-us form, open to visitors and signed-in users; read in the admin area. */
export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/feedback',
      {
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags: ['feedback'],
          body: feedbackInputSchema,
          response: { 201: feedbackCreatedSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = deps.clock.now();
        const id = newId();
        const body = request.body;
        await insertFeedback(deps.db.db, {
          id,
          userId: request.user?.id ?? null,
          email: body.email || request.user?.email || '',
          rating: body.rating,
          category: body.category,
          message: body.message,
          status: 'open',
          note: '',
          createdAt: now,
          updatedAt: now,
        });
        return reply.status(201).send({ id, createdAt: now });
      },
    );
  };
}
