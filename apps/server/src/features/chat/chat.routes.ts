import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSummarySchema,
  messagePageSchema,
  messagesQuerySchema,
  openConversationInputSchema,
  openConversationResultSchema,
  sendMessageInputSchema,
  sendResultSchema,
  seqSchema,
  unreadSummarySchema,
} from '@accountry/shared/chat';
import { apiErrorSchema, errorReplies } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { requireUser } from '../../plugins/auth';
import { startUnreadMailSweeper } from './unread-mail.service';
import { createChatServices } from './chat.services';
import { registerChatSocket } from './chat.socket';
import { safetyRoutes } from './safety.routes';
import { attachmentRoutes } from './attachments.routes';
import { perUser } from '../../plugins/rate-limit';
import { HOUR_MS } from '@accountry/shared/durations';

const errors = errorReplies(400, 401, 403, 404, 429);

/** /api/chat: conversations about listings between a buyer and a seller; live delivery over /api/ws. */
export function chatRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const chat = createChatServices(deps, app.log);
    chat.presence.start();
    registerChatSocket(deps.hub, chat);
    const sweep = setInterval(
      () => void chat.attachments.sweepUnsent().catch((err) => app.log.warn({ err }, 'chat upload sweep failed')),
      HOUR_MS,
    );
    sweep.unref();
    const stopMail = startUnreadMailSweeper(deps, deps.config.chatMailSweepIntervalMs, (err) =>
      app.log.warn({ err }, 'unread message mail sweep failed'),
    );
    deps.onClose.push(async () => {
      clearInterval(sweep);
      await stopMail();
      await chat.presence.stop();
    });

    app.post(
      '/api/chat/conversations',
      {
        config: perUser(60, '10 minutes'),
        schema: {
          tags: ['chat'],
          body: openConversationInputSchema,
          response: { 200: openConversationResultSchema, 201: openConversationResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await chat.conversations.open(requireUser(request), request.body.listingId);
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );

    app.get(
      '/api/chat/conversations',
      {
        schema: {
          tags: ['chat'],
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema, ...errors },
        },
      },
      async (request) => chat.conversations.list(requireUser(request), request.query),
    );

    app.get(
      '/api/chat/conversations/:id',
      {
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          response: { 200: z.object({ conversation: conversationSummarySchema }), ...errors },
        },
      },
      async (request) => ({ conversation: await chat.conversations.get(requireUser(request), request.params.id) }),
    );

    app.get(
      '/api/chat/conversations/:id/messages',
      {
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: messagePageSchema, ...errors },
        },
      },
      async (request) => chat.messages.history(requireUser(request), request.params.id, request.query),
    );

    app.post(
      '/api/chat/conversations/:id/messages',
      {
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          body: sendMessageInputSchema,
          response: { 200: sendResultSchema, 201: sendResultSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await chat.messages.send(requireUser(request), request.params.id, request.body);
        return reply.status(result.duplicate ? 200 : 201).send(result);
      },
    );

    app.post(
      '/api/chat/conversations/:id/read',
      {
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          body: z.strictObject({ seq: seqSchema }),
          response: { 200: z.object({ moved: z.boolean() }), ...errors },
        },
      },
      async (request) => chat.messages.markRead(requireUser(request), request.params.id, request.body.seq),
    );

    app.get(
      '/api/chat/unread',
      { schema: { tags: ['chat'], response: { 200: unreadSummarySchema, ...errors } } },
      async (request) => chat.messages.unread(requireUser(request)),
    );

    await app.register(safetyRoutes(chat));
    await app.register(attachmentRoutes(chat));
  };
}
