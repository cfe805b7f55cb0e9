import zlib from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** API replies smaller than this go out as they are: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * A reply built for one request is compressed on its way out, every time: the fastest levels (for a few kilobytes of
 * JSON, brotli 1 costs a third of brotli 4 for ~25% more bytes). A stored reply is compressed once and sent many
 * times (lib/reply-cache.ts): the denser levels.
 */
const LEVELS = {
  perRequest: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, gzip: { level: 1 } },
  stored: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } },
};

type Encoding = 'br' | 'gzip' | null;
// Browsers send a handful of distinct headers: each is read once (bounded, so odd clients cannot grow it).
const encodingByHeader = new Map<string, Encoding>();

/**
 * The encoding to send, br before gzip, from an Accept-Encoding header (the one reading of it, for API replies and for
 * index.html); a coding with q=0 is refused, also when "*" accepts the others.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    if (encodingByHeader.size >= 64) encodingByHeader.clear();
    encodingByHeader.set(header, (encoding = readEncoding(header)));
  }
  return encoding;
}

function readEncoding(header: string): Encoding {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const zero = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    (zero ? refused : accepted).add(name.trim());
  }
  const takes = (coding: string) => !refused.has(coding) && (accepted.has(coding) || accepted.has('*'));
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/**
 * One JSON body compressed for an encoding `pickEncoding` chose. `open` leaves the stream flushed but unfinished, as
 * raw deflate for gzip, for blocks to follow (lib/open-compressed-stream.ts).
 */
export function compressJson(
  body: string | Buffer,
  encoding: 'br' | 'gzip',
  use: keyof typeof LEVELS,
  { open = false } = {},
): Buffer {
  const levels = LEVELS[use];
  if (open)
    return encoding === 'br'
      ? zlib.brotliCompressSync(body, { ...levels.br, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
      : zlib.deflateRawSync(body, { ...levels.gzip, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return encoding === 'br' ? zlib.brotliCompressSync(body, levels.br) : zlib.gzipSync(body, levels.gzip);
}

/**
 * Whether a body is at least COMPRESS_THRESHOLD bytes. A string's length in UTF-16 units never exceeds its UTF-8 size,
 * so only a short string is measured: measuring a few kilobytes with accents costs microseconds a reply.
 */
const atLeastThreshold = (payload: string | Buffer) =>
  payload.length >= COMPRESS_THRESHOLD ||
  (typeof payload === 'string' && Buffer.byteLength(payload) >= COMPRESS_THRESHOLD);

/**
 * A JSON reply sent as stored bytes (lib/reply-cache.ts, lib/json-parts.ts): typed and marked as varying with
 * Accept-Encoding; the encoding to send its `size` bytes in, or null to send them as they are.
 */
export function storedJsonEncoding(request: FastifyRequest, reply: FastifyReply, size: number): Encoding {
  reply.type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  return size >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : null;
}

/** Caches must keep one copy per encoding: a JSON reply varies with Accept-Encoding whether compressed or not. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * A long JSON reply written as it is read (a member's data export, decision 179): compressed as a stream when the
 * client accepts it; an error while reading ends the reply short, which the client sees as a failed download.
 */
export function sendJsonStream(request: FastifyRequest, reply: FastifyReply, body: Readable) {
  reply.type('application/json; charset=utf-8');
  varyOnEncoding(reply);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  const levels = LEVELS.perRequest;
  const encoder = encoding === 'br' ? zlib.createBrotliCompress(levels.br) : zlib.createGzip(levels.gzip);
  reply.header('content-encoding', encoding);
  return reply.send(pipeline(body, encoder, () => {}));
}

/**
 * Compress JSON replies above the threshold (brotli at a fast level, or gzip), as the client accepts. Static files
 * are compressed at build time and served as they are (plugins/spa.ts); request bodies are never decompressed.
 * A reply is already one serialised string here, so it is compressed in one synchronous call: for replies of a few
 * kilobytes that costs far less than a compression stream per reply (decision 141).
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !/^application\/json(;|$)/.test(type)) return done(null, payload);
    varyOnEncoding(reply);
    if (!atLeastThreshold(payload)) return done(null, payload);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const body = compressJson(payload, encoding, 'perRequest');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, body);
  });
}
