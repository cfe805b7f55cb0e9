import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * The SPA fallback reads the page a path names without its trailing slashes. Trimmed with /\/+$/, a path of n slashes
 * followed by anything else took n²/2 steps on the event loop: Node's HTTP parser lets a request line of ~16 KB
 * through, so one signed-out GET of 16,000 slashes and a letter held every request and socket for about a second.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-spa-long-paths-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Accountry</title><meta name="description" content="x" /></head><body></body></html>',
);

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST: dist });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** One real HTTP GET (the request line goes through Node's parser and its 16 KB header limit). */
function get(urlPath: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

// The longest run of slashes Node's default 16 KB header limit lets through, with room for the Host header.
const SLASHES = `/${'/'.repeat(16_000)}x`;

describe('SPA fallback on a path of many slashes', () => {
  it('Node accepts such a request line, and the fallback page answers it', async () => {
    expect(await get(SLASHES)).toBe(200);
  }, 30_000);

  // Linear trimming serves the 100 in about two seconds; the quadratic one needs ~1 s of blocked event loop each.
  it('serves 100 of them without holding the event loop for a second each (generous timeout)', async () => {
    for (let i = 0; i < 100; i++) expect(await get(SLASHES)).toBe(200);
  }, 30_000);
});
