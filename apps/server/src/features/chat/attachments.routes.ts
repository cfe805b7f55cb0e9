import fs from 'node:fs';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MESSAGES,
  chatAttachmentSchema,
  conversationParamsSchema,
} from '@accountry/shared/chat';
import { apiErrorSchema, ERROR_CODES } from '@accountry/shared/api-error';
import { requireUser } from '../../plugins/auth';
import { notFound } from '../../lib/app-error';
import type { ChatServices } from './chat.services';
import { perUser } from './chat-rate-limits';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Image attachments: the raw image is the request body (any declared type; the decoder decides), and images are
 * served only through the API to the conversation's parties, never from a public folder.
 */
export function attachmentRoutes(chat: ChatServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', async () => {
      const moved = await chat.attachments.moveLegacyFiles();
      if (moved) app.log.info({ moved }, 'chat attachments moved out of the public upload folder');
    });
    // Scoped to this plugin: other routes keep their JSON-only parsing.
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_ATTACHMENT_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    app.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .status(413)
          .send({ error: { code: ERROR_CODES.payloadTooLarge, message: CHAT_MESSAGES.attachmentTooLarge } });
      }
      throw err;
    });

    app.post(
      '/api/chat/conversations/:id/attachments',
      {
        bodyLimit: CHAT_ATTACHMENT_MAX_BYTES,
        config: perUser(30, '10 minutes'),
        schema: {
          tags: ['chat'],
          params: conversationParamsSchema,
          response: { 201: z.object({ attachment: chatAttachmentSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          return reply.status(400).send({
            error: {
              code: ERROR_CODES.validation,
              message: CHAT_MESSAGES.attachmentType,
              fields: { file: CHAT_MESSAGES.attachmentType },
            },
          });
        }
        return reply.status(201).send({ attachment: await chat.attachments.upload(user, request.params.id, body) });
      },
    );

    app.get(
      '/api/chat/attachments/:id',
      { schema: { tags: ['chat'], params: conversationParamsSchema } },
      async (request, reply) => {
        const { file, contentType } = await chat.attachments.open(requireUser(request), request.params.id);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat) throw notFound('Image not found');
        return reply
          .type(contentType)
          .header('content-length', stat.size)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(fs.createReadStream(file));
      },
    );
  };
}
