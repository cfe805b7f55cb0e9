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

  /** Taken before reading what a reply will be built from (see `send`). */
  get version() {
    return this.replies.version;
  }

  /**
   * Send the reply stored under `key`, or build it with `produce` (serialised by the route's reply schema). `since`:
   * the version taken before reading what `produce` uses, so a reply made of data an invalidation outdated meanwhile
   * is sent but not stored.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
    since: number,
  ) {
    const build = async () => ({ json: reply.serialize(await produce()) as string, encoded: {} });
    const stored = await this.replies.get(key, build, since);
    const encoding = storedJsonEncoding(request, reply, stored.json.length);
    if (!encoding) return reply.send(stored.json);
    const body = (stored.encoded[encoding] ??= compressJson(stored.json, encoding, 'stored'));
    return reply.header('content-encoding', encoding).send(body);
  }
}
