import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** API replies smaller than this go out as they are: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compress JSON replies above the threshold (brotli at a fast level, or gzip), as the client accepts. Static files
 * are compressed at build time and served as they are (plugins/spa.ts); request bodies are never decompressed.
 * Registered before the routes, whose reply hooks it adds.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    customTypes: /^application\/json(;|$)/,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
