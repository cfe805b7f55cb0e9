import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockInputSchema,
  blockedUsersSchema,
  conversationParamsSchema,
  reportConversationInputSchema,
  userParamsSchema,
} from '@accountry/shared/chat';
import { errorReplies } from '@accountry/shared/api-error';
import { requireUser } from '../../plugins/auth';
import type { ChatServices } from './chat.services';
import { perUser } from '../../plugins/rate-limit';
import { noContent } from '../../lib/no-content';

const errors = errorReplies(400, 401, 403, 404, 409, 429);

/** Blocking users and reporting conversations. */
export function safetyRoutes(chat: ChatServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/chat/blocks',
      { schema: { tags: ['chat'], response: { 200: blockedUsersSchema, ...errors } } },
      async (request) => chat.safety.blocked(requireUser(request)),
    );

    app.post(
      '/api/chat/blocks',
      {
        config: perUser(30, '10 minutes'),
        schema: { tags: ['chat'], body: blockInputSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await chat.safety.block(requireUser(request), request.body.userId);
        return noContent(reply);
      },
    );

    app.delete(
      '/api/chat/blocks/:userId',
      { schema: { tags: ['chat'], params: userParamsSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await chat.safety.unblock(requireUser(request), request.params.userId);
        return noContent(reply);
      },
    );

    app.post(
      '/api/chat/conversations/:id/report',
      {
        config: perUser(10, '1 hour'),
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          body: reportConversationInputSchema,
          response: { 201: z.object({ id: z.string(), message: z.string() }), ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await chat.safety.report(requireUser(request), request.params.id, request.body)),
    );
  };
}
