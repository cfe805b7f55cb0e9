// Browse over 100,000 listings (filters, full-text search, sorts, deep keyset pages): median time per request on
// SQLite and PostgreSQL next to a bare endpoint in the same run, with the server's own time (Fastify elapsedTime);
// and the browse page's initial JavaScript (gzip) from a Vite build manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { ManualClock, systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { createUser } from '../../apps/server/src/test/test-app';
import { generateListings } from '../../apps/server/src/seed/listing-generator';
import { insertGenerated } from '../../apps/server/src/seed/seed-listings';
import type { Mailer } from '../../apps/server/src/email/mailer';
import { benchEngines, emit, median, startBareServer, timeMedian } from './support';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const RUNS = 60;

const SCENARIOS: Array<[string, string]> = [
  ['browse.newest', ''],
  ['browse.category_price_sort', '?category=game&minPrice=5000&maxPrice=50000&sort=price_asc'],
  ['browse.platform_region', '?platform=valorant&region=europe'],
  ['browse.attributes', '?verified=true&originalEmail=true&twoFactorRemovable=true&sort=price_desc'],
  ['browse.most_viewed', '?sort=most_viewed'],
  ['browse.search', '?q=immortal'],
  ['browse.search_common_word', '?q=account'],
  ['browse.search_filters', '?q=fitness&category=social&minFollowers=10000&sort=most_viewed'],
];

const noMail: Mailer = { send: async () => undefined };

async function benchEngine(engine: 'sqlite' | 'postgres', url: string | undefined, bareUrl: string) {
  const handle = await openScratchDatabase(engine, url, 'bench-listings');
  const clock = systemClock;
  const sellers = await Promise.all([0, 1, 2].map(() => createUser({ db: handle.db, clock: new ManualClock(clock.now()) }, { role: 'seller' })));
  const started = performance.now();
  const items = generateListings({ count: LISTINGS, sellerIds: sellers.map((s) => s.id), now: clock.now(), seed: 42, maxImages: 1 });
  await handle.db.transaction().execute((trx) => insertGenerated(trx, items));
  if (engine === 'postgres') await sql`analyze`.execute(handle.db);
  emit({ bench: 'listings.seed', engine, value: Math.round(performance.now() - started), unit: 'ms', listings: LISTINGS });

  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-uploads-'));
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'), UPLOAD_DIR: uploads, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: handle, mailer: noMail, clock, bus: memoryBus(), config });
  const serverMs: number[] = [];
  app.addHook('onResponse', async (_req, reply) => void serverMs.push(reply.elapsedTime));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (u: string) => {
    const res = await fetch(u);
    if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { nextCursor: string; total: number | null; items: unknown[] };
  };

  const bare = await timeMedian(() => get(`${bareUrl}/bare`), RUNS);
  // A page deep in the results: follow the cursor 20 pages in, then time that page alone.
  let cursor = '';
  for (let i = 0; i < 20; i++) cursor = (await get(`${base}/api/listings?cursor=${cursor}`)).nextCursor;
  const scenarios: Array<[string, string]> = [...SCENARIOS, ['browse.page_21', `?cursor=${cursor}`]];
  for (const [name, query] of scenarios) {
    const first = await get(`${base}/api/listings${query}`);
    serverMs.length = 0;
    const value = await timeMedian(() => get(`${base}/api/listings${query}`), RUNS);
    emit({
      bench: `listings.${name}`, engine, value: Number(value.toFixed(2)), unit: 'ms', baseline: 'fastify.get', baselineValue: Number(bare.toFixed(2)),
      serverMs: Number(median(serverMs).toFixed(2)), results: first.total ?? first.items.length, listings: LISTINGS,
    });
  }
  await app.close();
  await handle.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Gzip bytes of the JavaScript a first visit to /browse loads: the entry, the browse chunk and their static imports. */
function browseInitialJs() {
  let dir = process.env.BENCH_WEB_DIST;
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-web-'));
    const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--outDir', dir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], { stdio: 'pipe', encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(`vite build failed; set BENCH_WEB_DIST to a build made with --manifest\n${r.stderr}`);
      return;
    }
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) collect(i, seen);
  };
  const gzip = (keys: Set<string>) => [...keys].reduce((n, k) => n + zlib.gzipSync(fs.readFileSync(path.join(dir!, manifest[k].file)), { level: 9 }).length, 0);
  const entry = new Set<string>();
  collect('index.html', entry);
  const page = new Set(entry);
  collect('src/features/listings/pages/browse-page.tsx', page);
  const kb = (n: number) => Number((n / 1024).toFixed(1));
  const entryKb = kb(gzip(entry));
  emit({ bench: 'listings.browse_initial_js', value: kb(gzip(page)), unit: 'kB gzip', baseline: 'entry_js', baselineValue: entryKb, chunks: page.size });
  if (!process.env.BENCH_WEB_DIST) fs.rmSync(dir, { recursive: true, force: true });
}

export async function run() {
  const bare = await startBareServer();
  try {
    for (const { engine, url } of benchEngines()) await benchEngine(engine, url, bare.url);
  } finally {
    await bare.close();
  }
  browseInitialJs();
}
