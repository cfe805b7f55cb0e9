import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { isApiPath } from './route-hooks';
import { readPagePreloads, withPagePreloads } from './page-preloads';
import { pickEncoding } from './compression';

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

/**
 * index.html as read, with its brotli and gzip forms (compressed once), what its file was when read, and the files
 * each page loads first, which the same build wrote beside it.
 */
interface IndexCopy {
  html: string;
  encoded: Encoded;
  stamp: string;
  pages: ReturnType<typeof readPagePreloads>;
}

/** What tells a rewritten file from the one read: its modification time and size; '' when there is none. */
function fileStamp(file: string) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs}:${stat.size}` : '';
}

function readIndex(file: string): IndexCopy {
  const stamp = fileStamp(file);
  const html = stamp ? fs.readFileSync(file, 'utf8') : '';
  const encoded = {
    identity: encodeAs(html, 'identity', 11),
    br: encodeAs(html, 'br', 11),
    gzip: encodeAs(html, 'gzip', 11),
  };
  return { html, encoded, stamp, pages: readPagePreloads(path.dirname(file)) };
}

/** Whether a Cookie header holds a cookie of this name. */
function hasCookie(header: string | undefined, name: string) {
  return !!header && header.split(';').some((part) => part.trimStart().startsWith(`${name}=`));
}

export interface SpaOptions {
  /** Lets a page carry its own title and meta tags; its output is compressed per request. */
  transformIndex?: IndexHtmlHook;
  /**
   * Development only: `npm start`'s server keeps running while `scripts/build.mjs` replaces the build, whose new
   * index.html names new hashed scripts. index.html is read again when its file changed, and a path under assets/
   * that the listing at start did not see is looked up on disk.
   */
  followRebuilds?: boolean;
  /** The session cookie's name: a request carrying it gets the signed-in widgets' files named in its HTML. */
  sessionCookie?: string;
}

/**
 * Serve the built web app: hashed assets with a year of immutable caching and their build-time .br/.gz files when
 * the client accepts them; any unknown non-API GET gets index.html (held in memory, compressed once) so deep links
 * load. Outside development, index.html and the list of files are read once, at start.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, opts: SpaOptions = {}) {
  const { transformIndex, followRebuilds = false, sessionCookie } = opts;
  const indexFile = path.join(webDist, 'index.html');
  let index = readIndex(indexFile);
  const hasBuild = index.stamp !== '';
  const currentIndex = () => {
    if (!followRebuilds) return index;
    const stamp = fileStamp(indexFile);
    // While Vite rebuilds, the folder is empty for a while: the old copy until the new file is there.
    if (stamp && stamp !== index.stamp) index = readIndex(indexFile);
    return index;
  };
  const served = {
    index: false,
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      // Hashed assets never change; everything else (index.html, logo) must be revalidated.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  } as const;
  if (hasBuild) await app.register(fastifyStatic, { ...served, root: webDist, wildcard: false });
  // A rebuild's new hashed files, which the listing at start did not see: the files listed keep their own routes.
  if (hasBuild && followRebuilds) {
    const assets = { root: path.join(webDist, 'assets'), prefix: '/assets/', wildcard: true, decorateReply: false };
    await app.register(fastifyStatic, { ...served, ...assets });
  }
  app.setNotFoundHandler((request, reply) => {
    const [url, query] = request.url.split('?');
    if (isApiPath(url) || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${url}` } });
    }
    const { html, encoded, pages } = currentIndex();
    // The cookie's presence is enough: a stale one costs a visitor a few cached files, and the HTML holds nothing private.
    const signedIn = !!sessionCookie && hasCookie(request.headers.cookie, sessionCookie);
    const head = transformIndex ? transformIndex(html, url) : html;
    const page = withPagePreloads(head, { pathname: url, hasQuery: !!query, signedIn }, pages);
    const encoding = pickEncoding(request.headers['accept-encoding']) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .send(page === html ? encoded[encoding] : encodeAs(page, encoding, 5));
  });
}
