import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressJson, storedJsonEncoding } from '../plugins/compression';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache';

interface StoredReply {
  json: string;
  encoded: { br?: Buffer; gzip?: Buffer };
}

/**
 * Serialised JSON replies that depend only on what was asked and on data whose every committed change calls
 * `invalidate` (decision 145). A hit writes stored bytes, already compressed for the client's encoding.
 */
export class ReplyCache {
  private readonly replies: VersionedCache<StoredReply>;
  constructor(options: VersionedCacheOptions = {}) {
    this.replies = new VersionedCache(options);
  }

  invalidate() {
    this.replies.invalidate();
  }

  get size() {
    return this.replies.size;
  }

  /** Send the reply stored under `key`, or build it with `produce` (serialised by the route's reply schema). */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) {
    const stored = await this.replies.get(key, async () => ({
      json: reply.serialize(await produce()) as string,
      encoded: {},
    }));
    const encoding = storedJsonEncoding(request, reply, stored.json.length);
    if (!encoding) return reply.send(stored.json);
    const body = (stored.encoded[encoding] ??= compressJson(stored.json, encoding, 'stored'));
    return reply.header('content-encoding', encoding).send(body);
  }
}
