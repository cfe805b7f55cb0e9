import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@accountry/shared/api-error';

/**
 * In the calling (encapsulated) plugin only: the raw image is the request body, whatever type it declares (the
 * decoder decides), and a body over `maxBytes` answers 413 with the feature's own message.
 */
export function acceptRawImageBodies(app: FastifyInstance, maxBytes: number, tooLargeMessage: string) {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, _request, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ error: { code: ERROR_CODES.payloadTooLarge, message: tooLargeMessage } });
    throw err;
  });
}
