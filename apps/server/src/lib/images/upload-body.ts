import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { requireUser } from '../../plugins/auth';

/**
 * In the calling (encapsulated) plugin only: the raw image is the request body, whatever type it declares (JSON too:
 * the decoder decides), up to `maxBytes` (413 with the feature's own message past it), and only a signed-in member's
 * body is read at all (401 before it otherwise).
 */
export function acceptRawImageBodies(app: FastifyInstance, maxBytes: number, tooLargeMessage: string) {
  app.addHook('preParsing', async (request) => {
    requireUser(request);
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, _request, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ error: { code: ERROR_CODES.payloadTooLarge, message: tooLargeMessage } });
    throw err;
  });
}
