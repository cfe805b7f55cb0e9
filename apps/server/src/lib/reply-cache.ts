import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, compressJson, pickEncoding, varyOnEncoding } from '../plugins/compression';

interface Entry {
  json: string;
  storedAt: number;
  encoded: { br?: Buffer; gzip?: Buffer };
}

export interface ReplyCacheOptions {
  /** Distinct replies kept; the least recently used go first. */
  maxEntries?: number;
  /** A safety net: even without an invalidation an entry is rebuilt after this long. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Serialised JSON replies that depend only on what was asked and on data whose every committed change calls
 * `invalidate` (decision 145). A hit writes stored bytes, already compressed for the client's encoding; a miss builds
 * the reply once however many requests ask for it at the same moment. A reply built while an invalidation happened is
 * sent but never stored, so a stored reply is never older than the last invalidation.
 */
export class ReplyCache {
  private generation = 0;
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Entry>>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: ReplyCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  invalidate() {
    this.generation++;
    this.entries = new Map();
    this.building = new Map();
  }

  get size() {
    return this.entries.size;
  }

  /** Send the reply stored under `key`, or build it with `produce` (serialised by the route's reply schema). */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) {
    const entry = this.fresh(key) ?? (await this.build(key, reply, produce));
    reply.type('application/json; charset=utf-8');
    varyOnEncoding(reply);
    const encoding = entry.json.length >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.json);
    const body = (entry.encoded[encoding] ??= compressJson(entry.json, encoding));
    return reply.header('content-encoding', encoding).send(body);
  }

  private fresh(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt >= this.maxAgeMs) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  private build(key: string, reply: FastifyReply, produce: () => Promise<unknown>) {
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const building = this.building;
    const promise = (async () => {
      const json = reply.serialize(await produce()) as string;
      const entry: Entry = { json, storedAt: this.now(), encoded: {} };
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
      return entry;
    })().finally(() => {
      if (building.get(key) === promise) building.delete(key);
    });
    building.set(key, promise);
    return promise;
  }
}
