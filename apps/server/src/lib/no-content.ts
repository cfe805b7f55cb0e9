import type { FastifyReply } from 'fastify';

/**
 * Answer 204 with no body. `send(null)` would be serialised to "null" with a JSON type, pass through the onSend hooks
 * (which mark it as varying with Accept-Encoding) and be stripped again by Fastify: a fifth of a page view's CPU.
 */
export function noContent(reply: { status(code: 204): unknown }): FastifyReply {
  return (reply as FastifyReply).status(204).send();
}
