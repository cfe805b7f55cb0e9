// The first visit to /browse in Chromium, against the real production server (main.ts, NODE_ENV=production, demo
// data) serving a production build: the JavaScript bytes the browser is actually sent (as Chromium asks, so brotli),
// whether any admin or chart chunk is among them, and the time to the first listing card next to the first paint of a
// static page of the same server, as medians over cold loads (a new browser context each, so nothing is cached).
// Chromium: CHROMIUM_PATH (default /usr/bin/chromium). BENCH_WEB_DIST reuses a build made with --manifest.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { emit, median, waitForServer } from './support';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3392);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const STATIC_PAGE = 'bench-static.html';
// Code only the admin area uses: its pages and frame, the traffic statistics and the charts library.
const ADMIN_ONLY =
  /src\/features\/(admin|traffic)\/|src\/features\/announcements\/(pages|components)\/admin|recharts|@mantine\/charts/;

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function build(): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-web-'));
  const r = spawnSync(
    'npx',
    ['vite', 'build', 'apps/web', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    { stdio: 'pipe', encoding: 'utf8' },
  );
  if (r.status === 0) return dir;
  console.error(`vite build failed; set BENCH_WEB_DIST to a build made with --manifest\n${r.stderr}`);
  return null;
}

/**
 * Files of the build that only admin routes reach: everything reachable from an admin-only dynamic entry, minus what
 * the app entry or any public or member route reaches.
 */
function adminOnlyFiles(manifest: Manifest) {
  const reach = (keys: string[]) => {
    const seen = new Set<string>();
    const walk = (k: string) => {
      if (seen.has(k) || !manifest[k]) return;
      seen.add(k);
      for (const i of manifest[k].imports ?? []) walk(i);
    };
    keys.forEach(walk);
    return new Set([...seen].map((k) => manifest[k].file));
  };
  const dynamic = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
  const adminEntries = dynamic.filter((k) => ADMIN_ONLY.test(k));
  const publicFiles = reach(['index.html', ...dynamic.filter((k) => !ADMIN_ONLY.test(k))]);
  const admin = reach(adminEntries);
  for (const f of publicFiles) admin.delete(f);
  return admin;
}

/** The bytes and encoding exactly as the server sends them (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

// Records, from navigation start, when the first real listing card (not a skeleton) is in the results list.
const FIRST_CARD_PROBE = `
  (() => {
    const seen = () => document.querySelector('ul[aria-label="Search results"] article[aria-label]');
    const mark = () => { if (!window.__firstCard && seen()) window.__firstCard = performance.now(); };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  })();
`;

interface Visit {
  firstCardMs: number;
  firstPaintMs: number;
  /** When the first page of results (GET /api/listings) had arrived, from Resource Timing. */
  resultsMs: number;
  /** Every script by network idle; doneAt: when its response ended, in ms since navigation (epoch ms until then). */
  js: Array<{ url: string; bytes: number; encoding: string; doneAt: number }>;
}

/**
 * A phone's network, in Chromium's emulation: 100 ms more on every response (each request waits for its own) and
 * 10 Mbit/s down. On loopback the number of round trips before the first card costs nothing; here each one shows.
 */
const SLOW_NETWORK = { offline: false, latency: 100, downloadThroughput: 1_250_000, uploadThroughput: 500_000 };
type Network = typeof SLOW_NETWORK | null;

async function openPage(browser: Browser, network: Network) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  return { context, page };
}

async function visitBrowse(browser: Browser, base: string, network: Network = null): Promise<Visit> {
  const { context, page } = await openPage(browser, network);
  await page.addInitScript(FIRST_CARD_PROBE);
  const finished: Array<Promise<Visit['js'][number] | null>> = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    finished.push(
      (async () => {
        const res = await req.response();
        const sizes = await req.sizes();
        const t = req.timing();
        return {
          url: req.url(),
          doneAt: t.startTime + t.responseEnd,
          bytes: sizes.responseBodySize,
          encoding: (await res?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(`${base}/browse`);
  // The app's CSP forbids eval, so page-side code is passed as functions (globalThis is the page's window there).
  type Probe = { __firstCard?: number };
  await page.waitForFunction(() => (globalThis as Probe).__firstCard !== undefined);
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => ({
    firstCardMs: (globalThis as Probe).__firstCard!,
    firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    resultsMs:
      (
        performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/listings') as
          { responseEnd: number } | undefined
      )?.responseEnd ?? NaN,
    timeOrigin: performance.timeOrigin,
  }));
  const js = (await Promise.all(finished))
    .filter((x) => x !== null)
    .map((r) => ({ ...r, doneAt: r.doneAt - timing.timeOrigin }));
  await context.close();
  return { firstCardMs: timing.firstCardMs, firstPaintMs: timing.firstPaintMs, resultsMs: timing.resultsMs, js };
}

async function staticFirstPaint(browser: Browser, base: string, network: Network = null) {
  const { context, page } = await openPage(browser, network);
  await page.goto(`${base}/${STATIC_PAGE}`);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const ms = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
  await context.close();
  return ms;
}

export async function run() {
  const dir = process.env.BENCH_WEB_DIST ?? build();
  if (!dir) return;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // The baseline page: static HTML the same server sends from the same folder, painted without any script.
  fs.writeFileSync(
    path.join(dir, STATIC_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head>' +
      '<body><h1>Browse accounts</h1><p>A static page of the same server.</p></body></html>',
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-web-data-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'accountry.db')}`,
      PUBLIC_URL: `http://localhost:${PORT}`,
      WEB_DIST: dir,
      SEED_DEMO_DATA: 'true',
      // Production refuses to start without one; a throwaway key for this run.
      CREDENTIALS_KEY: crypto.randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await waitForServer(base, server, '/readyz');
    // One warm-up of each (server caches, Chromium's own start-up), then alternating cold loads.
    await visitBrowse(browser, base);
    await staticFirstPaint(browser, base);
    const visits: Visit[] = [];
    const staticPaints: number[] = [];
    const slowVisits: Visit[] = [];
    const slowStaticPaints: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      visits.push(await visitBrowse(browser, base));
      staticPaints.push(await staticFirstPaint(browser, base));
      slowVisits.push(await visitBrowse(browser, base, SLOW_NETWORK));
      slowStaticPaints.push(await staticFirstPaint(browser, base, SLOW_NETWORK));
    }

    const js = visits[0].js;
    const bytes = js.reduce((n, r) => n + r.bytes, 0);
    // What had arrived when the first card showed (the rest loads after it: filter form, select, toasts).
    const early = js.filter((r) => r.doneAt <= visits[0].firstCardMs);
    const earlyBytes = early.reduce((n, r) => n + r.bytes, 0);
    const encodings: Record<string, number> = {};
    for (const r of js) encodings[r.encoding] = (encodings[r.encoding] ?? 0) + 1;
    const entry = manifest['index.html'].file;
    const entryBytes = js.filter((r) => r.url.endsWith(`/${entry}`)).reduce((n, r) => n + r.bytes, 0);
    // The same files as a client that accepts only gzip is sent them.
    let gzipBytes = 0;
    for (const r of js) gzipBytes += await rawGet(r.url, { 'accept-encoding': 'gzip' });
    // Decimal kilobytes, as the target (150 kB) is read: 1 kB = 1,000 bytes.
    const kb = (n: number) => Number((n / 1000).toFixed(1));
    emit({
      bench: 'web.browse_initial_js',
      value: kb(bytes),
      unit: 'kB (1,000 bytes) of JavaScript sent by network idle, encoded as Chromium asks',
      baseline: 'entry_js',
      baselineValue: kb(entryBytes),
      bytes,
      requests: js.length,
      encodings,
      beforeFirstCardKb: kb(earlyBytes),
      requestsBeforeFirstCard: early.length,
      gzipOnlyKb: kb(gzipBytes),
      target: 150,
    });

    const adminOnly = adminOnlyFiles(manifest);
    const leaked = js.map((r) => new URL(r.url).pathname.slice(1)).filter((f) => adminOnly.has(f));
    emit({
      bench: 'web.browse_admin_chunks',
      value: leaked.length,
      unit: 'admin/chart files in the /browse download',
      adminOnlyFiles: adminOnly.size,
      leaked,
    });
    if (leaked.length) {
      console.error(`web.browse_admin_chunks: /browse downloads admin-only code: ${leaked.join(', ')}`);
      process.exitCode = 1;
    }

    const firstCard = (bench: string, unit: string, vs: Visit[], paints: number[]) =>
      emit({
        bench,
        value: Number(median(vs.map((v) => v.firstCardMs)).toFixed(1)),
        unit,
        baseline: 'static_page_first_paint',
        baselineValue: Number(median(paints).toFixed(1)),
        browseFirstPaintMs: Number(median(vs.map((v) => v.firstPaintMs)).toFixed(1)),
        // Where the time goes: until the results arrive (asked for by index.html itself, decision 229), then until they
        // are drawn (the page's code arriving and running, then React).
        resultsArrivedMs: Number(median(vs.map((v) => v.resultsMs)).toFixed(1)),
        drawnAfterResultsMs: Number(median(vs.map((v) => v.firstCardMs - v.resultsMs)).toFixed(1)),
        runs: RUNS,
        load: os.loadavg()[0],
      });
    firstCard('web.browse_first_card', 'ms from navigation (median of cold loads)', visits, staticPaints);
    firstCard(
      'web.browse_first_card.slow_network',
      'ms from navigation (median of cold loads; 100 ms latency, 10 Mbit/s, both pages)',
      slowVisits,
      slowStaticPaints,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.BENCH_WEB_DIST) fs.rmSync(dir, { recursive: true, force: true });
    else fs.rmSync(path.join(dir, STATIC_PAGE), { force: true });
  }
}
