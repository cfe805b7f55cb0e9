import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerSpa } from './spa';

// A web build as Vite leaves it, with the list of the files each page loads first (decision 229).
const INDEX = '<!doctype html><html><head><title>Accountry</title></head><body><div id="root"></div></body></html>';
const dirs: string[] = [];

function build(preloads?: unknown) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-preloads-'));
  dirs.push(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  if (preloads !== undefined) fs.writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(preloads));
  return dist;
}

afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function pageAt(dist: string, url: string, encoding = 'br', cookie?: string) {
  const app = Fastify();
  await registerSpa(app, dist, {
    transformIndex: (html, urlPath) => html.replace('<title>Accountry</title>', `<title>${urlPath}</title>`),
    sessionCookie: '__Host-sid',
  });
  const res = await app.inject({ url, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });
  await app.close();
  expect(res.statusCode).toBe(200);
  const encoded = res.headers['content-encoding'];
  if (encoded === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  return (encoded === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload).toString();
}

const PAGES = {
  pages: [
    {
      path: '/browse',
      scripts: ['assets/browse-page-a1.js', 'assets/ui-b2.js'],
      styles: ['assets/browse-page-c3.css'],
      fetches: ['/api/listings'],
    },
    { path: '/account/:userId/:id', scripts: ['assets/listing-detail-page-d4.js'], styles: [] },
    { path: '/', scripts: ['assets/home-page-e5.js'], styles: [] },
  ],
};

describe('page preloads in index.html', () => {
  it("names the page's first data request, scripts and styles in its head, after the page's own head tags", async () => {
    const html = await pageAt(build(PAGES), '/browse');
    expect(html).toContain(
      '<title>/browse</title>' +
        '<link rel="preload" as="fetch" crossorigin href="/api/listings">' +
        '<link rel="modulepreload" crossorigin href="/assets/browse-page-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/ui-b2.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/browse-page-c3.css"></head>',
    );
    expect(html).not.toContain('home-page');
  });

  it('names no data request when the URL has a query: the page then asks for another one', async () => {
    const html = await pageAt(build(PAGES), '/browse?q=steam');
    expect(html).toContain(
      '<title>/browse</title><link rel="modulepreload" crossorigin href="/assets/browse-page-a1.js">',
    );
    expect(html).not.toContain('as="fetch"');
  });

  it('matches a route with parameters one path segment each, and a trailing slash', async () => {
    const dist = build(PAGES);
    expect(await pageAt(dist, '/account/u1/l2')).toContain('href="/assets/listing-detail-page-d4.js"');
    expect(await pageAt(dist, '/browse/', 'gzip')).toContain('href="/assets/browse-page-a1.js"');
    expect(await pageAt(dist, '/account/u1/l2/more')).not.toContain('modulepreload');
    expect(await pageAt(dist, '/')).toContain('href="/assets/home-page-e5.js"');
  });

  it('leaves the page as it was for a path no page has, and when the build wrote no list', async () => {
    expect(await pageAt(build(PAGES), '/nowhere')).toBe(INDEX.replace('Accountry', '/nowhere'));
    expect(await pageAt(build(), '/browse')).toBe(INDEX.replace('Accountry', '/browse'));
    expect(await pageAt(build('not a list'), '/browse')).toBe(INDEX.replace('Accountry', '/browse'));
  });

  it('puts only built file names in the HTML', async () => {
    const html = await pageAt(
      build({
        pages: [
          {
            path: '/browse',
            scripts: ['assets/x.js"><script>alert(1)</script>', '../secret.js', 'https://elsewhere.example/x.js', 7],
            styles: ['assets/ok-1.css', 'assets/no.html'],
            fetches: ['https://elsewhere.example/api/x', '/api/x?y=1', '/api/x"><script>alert(1)</script>', '/nope'],
          },
          { path: 'browse', scripts: ['assets/relative-path.js'], styles: [] },
        ],
      }),
      '/browse',
    );
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/ok-1.css"></head>');
    expect(html).not.toMatch(/script>alert|secret|elsewhere|no\.html|relative-path|modulepreload|as="fetch"/);
  });

  const SIGNED_IN = {
    ...PAGES,
    signedIn: {
      scripts: ['assets/user-menu-f6.js', 'assets/announcement-banner-g7.js'],
      styles: ['assets/menu-h8.css'],
      fetches: ['/api/announcements', 'https://elsewhere.example/api/x'],
    },
  };
  const SIGNED_IN_DATA = '<link rel="preload" as="fetch" crossorigin href="/api/announcements">';
  const SIGNED_IN_FILES =
    '<link rel="modulepreload" crossorigin href="/assets/user-menu-f6.js">' +
    '<link rel="modulepreload" crossorigin href="/assets/announcement-banner-g7.js">' +
    '<link rel="preload" as="style" crossorigin href="/assets/menu-h8.css"></head>';

  it("names the signed-in widgets' data after the page's and their files after the page's for a request with a session cookie, on any path", async () => {
    const dist = build(SIGNED_IN);
    const browse = await pageAt(dist, '/browse', 'br', 'theme=dark; __Host-sid=abc');
    expect(browse).toContain(
      '<title>/browse</title><link rel="preload" as="fetch" crossorigin href="/api/listings">' +
        SIGNED_IN_DATA +
        '<link rel="modulepreload" crossorigin href="/assets/browse-page-a1.js">',
    );
    expect(browse).toContain('href="/assets/browse-page-c3.css">' + SIGNED_IN_FILES);
    expect(browse).not.toContain('elsewhere');
    const withQuery = await pageAt(dist, '/browse?q=steam', 'br', '__Host-sid=abc');
    expect(withQuery).toContain('<title>/browse</title>' + SIGNED_IN_DATA + '<link rel="modulepreload"');
    const nowhere = await pageAt(dist, '/nowhere', 'gzip', '__Host-sid=abc');
    expect(nowhere).toContain('<title>/nowhere</title>' + SIGNED_IN_DATA + SIGNED_IN_FILES);
  });

  it('names them for no request without that cookie', async () => {
    const dist = build(SIGNED_IN);
    for (const cookie of [undefined, 'theme=dark', '__Host-sidx=abc', 'x=__Host-sid=abc']) {
      const html = await pageAt(dist, '/browse', 'br', cookie);
      expect(html, String(cookie)).toContain('browse-page-a1.js');
      expect(html, String(cookie)).not.toMatch(/user-menu|announcement|menu-h8/);
    }
    expect(await pageAt(dist, '/nowhere')).toBe(INDEX.replace('Accountry', '/nowhere'));
  });
});
