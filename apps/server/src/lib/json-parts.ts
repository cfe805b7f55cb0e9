import type { FastifyReply, FastifyRequest } from 'fastify';
import { storedJsonEncoding } from '../plugins/compression';
import { closeWithRawTail, openCompressedStream, type OpenCompressedStream } from './open-compressed-stream';

/**
 * The properties of a JSON object reply that every viewer gets the same (a listing's page): serialised once and
 * compressed once per encoding, kept next to the cached data it was written from. Decision 154.
 */
export class SharedJsonHead {
  /** The object's JSON without its closing brace. */
  readonly bytes: Buffer;
  private readonly open: { br?: OpenCompressedStream; gzip?: OpenCompressedStream } = {};

  constructor(objectJson: string) {
    if (!objectJson.startsWith('{') || !objectJson.endsWith('}') || objectJson === '{}')
      throw new Error('a shared JSON head is an object with at least one property');
    this.bytes = Buffer.from(objectJson.slice(0, -1));
  }

  openFor(encoding: 'br' | 'gzip') {
    return (this.open[encoding] ??= openCompressedStream(this.bytes, encoding));
  }
}

/**
 * Send one JSON object: the shared head's properties, then this request's own (`ownJson`, an object). Compressed as
 * the client accepts above the threshold, with only the request's own bytes added to the stored stream.
 */
export function sendJsonParts(request: FastifyRequest, reply: FastifyReply, head: SharedJsonHead, ownJson: string) {
  const tail = Buffer.from(ownJson === '{}' ? '}' : `,${ownJson.slice(1)}`);
  const size = head.bytes.length + tail.length;
  const encoding = storedJsonEncoding(request, reply, size);
  if (!encoding) return reply.send(Buffer.concat([head.bytes, tail], size));
  return reply.header('content-encoding', encoding).send(closeWithRawTail(head.openFor(encoding), tail));
}
