import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp, type TestContext } from '../test/test-app';
import { registerSpa } from './spa';

// A small web build as Vite leaves it: index.html, a hashed asset with its build-time .br and .gz, and robots.txt.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-spa-'));
const INDEX = `<!doctype html><html><head><title>Accountry</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), JS);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(JS));
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(JS));
fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string, app: FastifyInstance = ctx.app) =>
  app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }) {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

describe('static web build', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a hashed asset compressed at build time for Accept-Encoding %s, cached for a year', async (accept, enc) => {
    const res = await get('/assets/index-abc123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(enc);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(JS);
    if (enc) expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, br;q=0, *', undefined],
    ['deflate', undefined],
    [undefined, undefined],
  ])('sends a page for Accept-Encoding %s as %s', async (accept, enc) => {
    const res = await get('/browse', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(enc);
    expect(decoded(res)).toContain('<html');
  });

  it('asks browsers to revalidate files that keep their name', async () => {
    const res = await get('/robots.txt', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['', undefined],
  ])('answers a deep link with index.html from memory for Accept-Encoding "%s"', async (accept, enc) => {
    const res = await get('/browse?category=game', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe(enc);
    // The page carries its own title (decision 110); the rest is the built index, byte for byte.
    const html = decoded(res);
    expect(html).toContain('<title>Browse accounts · Accountry</title>');
    expect(html.endsWith(`<body>${'<div></div>'.repeat(200)}</body></html>`)).toBe(true);
  });

  it('keeps serving the index it read at start even if the file changes on disk', async () => {
    const app = Fastify();
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-spa-'));
    fs.writeFileSync(path.join(own, 'index.html'), '<p>first</p>');
    await registerSpa(app, own);
    fs.writeFileSync(path.join(own, 'index.html'), '<p>second</p>');
    expect((await get('/anything', undefined, app)).body).toBe('<p>first</p>');
    await app.close();
    fs.rmSync(own, { recursive: true, force: true });
  });

  it('lets a pure hook rewrite index.html for one page', async () => {
    const app = Fastify();
    await registerSpa(app, dist, {
      transformIndex: (html, urlPath) =>
        html.replace('<title>Accountry</title>', `<title>Accountry ${urlPath}</title>`),
    });
    const res = await get('/browse?q=x', 'gzip', app);
    expect(decoded(res)).toContain('<title>Accountry /browse</title>');
    await app.close();
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBeDefined();
  });
});

describe('API reply compression', () => {
  it('compresses JSON over the threshold for a client that accepts it and leaves small replies alone', async () => {
    const big = await get('/api/openapi.json', 'br, gzip');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(big)).openapi).toBeDefined();
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await get('/healthz', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
