import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MESSAGES,
  chatAttachmentSchema,
  conversationParamsSchema,
} from '@accountry/shared/chat';
import { errorReplies, ERROR_CODES } from '@accountry/shared/api-error';
import { requireUser } from '../../plugins/auth';
import { acceptRawImageBodies } from '../../lib/images/upload-body';
import { sendPrivateImage } from '../../lib/images/private-images';
import type { ChatServices } from './chat.services';
import { perUser } from '../../plugins/rate-limit';

const errors = errorReplies(400, 401, 403, 404, 413, 429);

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
    acceptRawImageBodies(app, CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGES.attachmentTooLarge);

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
        return sendPrivateImage(reply, file, contentType);
      },
    );
  };
}
