import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, ERROR_CODES } from '@accountry/shared/api-error';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { ORDER_ROUTES as R } from '@accountry/shared/orders';
import { DISPUTE_EVIDENCE_MAX_BYTES, evidenceUploadSchema } from '@accountry/shared/disputes';
import { requireUser } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { acceptRawImageBodies } from '../../lib/images/upload-body';
import { sendPrivateImage } from '../../lib/images/private-images';
import type { OrdersContext } from './orders-context';
import { openEvidence, uploadEvidence } from './dispute-evidence';

const errors = errorReplies(400, 401, 403, 404, 409, 413, 429);
const tags = ['orders'];
const id = z.string().min(1).max(64);

/** Dispute evidence images: the raw image is the body (the decoder decides its type); served only through the API. */
export function disputeEvidenceRoutes(ctx: OrdersContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: the other order routes keep their JSON-only parsing.
    acceptRawImageBodies(app, DISPUTE_EVIDENCE_MAX_BYTES, M.evidenceTooLarge);

    app.post(
      R.evidence,
      {
        bodyLimit: DISPUTE_EVIDENCE_MAX_BYTES,
        config: perUser(30, '10 minutes'),
        schema: { tags, params: z.object({ id }), response: { 201: evidenceUploadSchema, ...errors } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          return reply.status(400).send({
            error: { code: ERROR_CODES.validation, message: M.evidenceType, fields: { file: M.evidenceType } },
          });
        return reply.status(201).send(await uploadEvidence(ctx, user, request.params.id, body));
      },
    );

    app.get(R.evidenceImage, { schema: { tags, params: z.object({ id, evidenceId: id }) } }, async (request, reply) => {
      const { file, contentType } = await openEvidence(
        ctx,
        requireUser(request),
        request.params.id,
        request.params.evidenceId,
      );
      return sendPrivateImage(reply, file, contentType);
    });
  };
}
