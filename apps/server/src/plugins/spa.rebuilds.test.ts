import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const folders: string[] = [];
const contexts: TestContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A web build as Vite leaves it: it empties the folder, then writes the hashed script and the index.html naming it. */
function buildWeb(dist: string, hash: string) {
  for (const name of fs.readdirSync(dist)) fs.rmSync(path.join(dist, name), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', `index-${hash}.js`), `console.log('${hash}');`);
  const script = `<script type="module" src="/assets/index-${hash}.js"></script>`;
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head>${script}</head><body></body></html>`);
}

/** An app of this NODE_ENV serving a web build made before it started. */
async function appOnBuild(nodeEnv: string, hash: string) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-spa-rebuild-'));
  folders.push(dist);
  buildWeb(dist, hash);
  const ctx = await createTestApp({ NODE_ENV: nodeEnv, WEB_DIST: dist });
  contexts.push(ctx);
  return { ctx, dist };
}

const get = (ctx: TestContext, url: string, encoding?: string) =>
  ctx.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

const brotliText = (res: { rawPayload: Buffer }) => zlib.brotliDecompressSync(res.rawPayload).toString();

describe('a web build replaced under a running server (npm start, then scripts/build.mjs)', () => {
  it('in development, pages name the new build and its new scripts are served, without a restart', async () => {
    const { ctx, dist } = await appOnBuild('development', 'first1');
    expect((await get(ctx, '/browse')).body).toContain('/assets/index-first1.js');
    buildWeb(dist, 'second22');
    for (const url of ['/browse?category=game', '/']) {
      const page = await get(ctx, url);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('/assets/index-second22.js');
      expect(page.body).not.toContain('first1');
    }
    const compressed = await get(ctx, '/browse', 'br, gzip');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliText(compressed)).toContain('/assets/index-second22.js');
    const script = await get(ctx, '/assets/index-second22.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(`console.log('second22');`);
  });

  it('in development, API paths unknown to the server are still a JSON 404', async () => {
    const { ctx } = await appOnBuild('development', 'api333');
    const res = await get(ctx, '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No route for GET /api/nothing-here');
  });

  it('in production, index.html and the list of files stay the ones read at start', async () => {
    const { ctx, dist } = await appOnBuild('production', 'first1');
    buildWeb(dist, 'second22');
    expect((await get(ctx, '/browse')).body).toContain('/assets/index-first1.js');
    expect(brotliText(await get(ctx, '/browse', 'br'))).toContain('/assets/index-first1.js');
    // A file added after start has no route: the path is a deep link like any other.
    const script = await get(ctx, '/assets/index-second22.js');
    expect(script.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(script.body).toContain('/assets/index-first1.js');
  });
});
