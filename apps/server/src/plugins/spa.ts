import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { isApiPath } from './route-hooks';

/** Rewrites index.html for one page (its <title> and meta tags); pure: the same input gives the same page. */
export type IndexHtmlHook = (html: string, urlPath: string) => string;

type Encoding = 'br' | 'gzip' | 'identity';
type Encoded = Record<Encoding, Buffer>;

function encodeAs(html: string, encoding: Encoding, brotliQuality: number) {
  const raw = Buffer.from(html);
  if (encoding === 'br')
    return zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } });
  return encoding === 'gzip' ? zlib.gzipSync(raw, { level: 9 }) : raw;
}

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Serve the built web app: hashed assets with a year of immutable caching and their build-time .br/.gz files when
 * the client accepts them; any unknown non-API GET gets index.html (held in memory, compressed once) so deep links
 * load. `transformIndex` lets a page carry its own title and meta tags; its output is compressed per request.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, transformIndex?: IndexHtmlHook) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const html = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  const index: Encoded = {
    identity: encodeAs(html, 'identity', 11),
    br: encodeAs(html, 'br', 11),
    gzip: encodeAs(html, 'gzip', 11),
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; everything else (index.html, logo) must be revalidated.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiPath(url) || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${url}` } });
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(transformIndex ? encodeAs(transformIndex(html, url), encoding, 5) : index[encoding]);
  });
}
