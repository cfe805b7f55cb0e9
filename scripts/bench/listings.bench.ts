// Browse over 100,000 listings (every filter/search combination of listings-scenarios.ts, deep keyset pages):
// requests/s under load from a generator in its own process, each next to a bare Fastify endpoint (another process)
// answering the same bytes, in two alternating rounds; with the server's own time (Fastify elapsedTime). Each scenario
// twice: as repeated visitors get it (from the catalogue cache) and `.uncached` (statements run for every request).
// The browse page's JavaScript and time to first card are in web.bench.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { catalogueCacheFor } from '../../apps/server/src/features/listings/catalogue-cache';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { sqliteUpkeep } from '../../apps/server/src/db/sqlite-upkeep';
import { ManualClock, systemClock } from '../../apps/server/src/lib/clock';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { createUser } from '../../apps/server/src/test/test-app';
import { generateListings } from '../../apps/server/src/seed/listing-generator';
import { insertGenerated } from '../../apps/server/src/seed/seed-listings';
import type { Mailer } from '../../apps/server/src/email/mailer';
import http from 'node:http';
import { BROWSE_SCENARIOS } from './listings-scenarios';
import {
  assertHonestBaseline,
  benchConfig,
  benchEngines,
  emit,
  type LoadResult,
  mean,
  median,
  startLoadProcess,
  analyzeAsTheServer,
} from './support';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);

const SECONDS = 2;
/** Rounds of the bare server and the app, alternating, so a slow moment of a shared machine weighs on both. */
const ROUNDS = 2;

/** Rounds of one load as one: mean rate and generator CPU, median percentiles, requests and failures summed. */
const meanLoad = (loads: LoadResult[]): LoadResult => ({
  rps: Math.round(mean(loads.map((l) => l.rps))),
  total: loads.reduce((n, l) => n + l.total, 0),
  p50: median(loads.map((l) => l.p50)),
  p99: median(loads.map((l) => l.p99)),
  failed: loads.reduce((n, l) => n + l.failed, 0),
  generatorCpu: Number(mean(loads.map((l) => l.generatorCpu)).toFixed(2)),
});

const noMail: Mailer = { send: async () => undefined };
const ACCEPT = { 'accept-encoding': 'br, gzip' };

/** The bytes exactly as the server sent them (fetch would decompress), with their type and encoding. */
function rawGet(url: string, headers: Record<string, string> = ACCEPT) {
  return new Promise<{ body: Buffer; contentType: string; contentEncoding?: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            contentType: res.headers['content-type'] ?? 'application/json',
            contentEncoding: res.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  url: string | undefined,
  loader: ReturnType<typeof startLoadProcess>,
) {
  const handle = await openScratchDatabase(engine, url, 'bench-listings');
  const clock = systemClock;
  const sellers = await Promise.all(
    [0, 1, 2].map(() => createUser({ db: handle.db, clock: new ManualClock(clock.now()) }, { role: 'seller' })),
  );
  const started = performance.now();
  const items = generateListings({
    count: LISTINGS,
    sellerIds: sellers.map((s) => s.id),
    now: clock.now(),
    seed: 42,
    maxImages: 1,
  });
  await handle.db.transaction().execute((trx) => insertGenerated(trx, items));
  await analyzeAsTheServer(handle.db);
  emit({
    bench: 'listings.seed',
    engine,
    value: Math.round(performance.now() - started),
    unit: 'ms',
    listings: LISTINGS,
  });
  // The search index as the server keeps it: its upkeep merges the segments a burst of writes leaves (decision 150).
  await sqliteUpkeep.mergeSearchIndexesNow();

  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-uploads-'));
  const config = benchConfig({
    NODE_ENV: 'test',
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
    UPLOAD_DIR: uploads,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ db: handle, mailer: noMail, clock, bus: memoryBus(), config });
  const serverMs: number[] = [];
  // The bench's own hooks take callbacks: an async hook adds promise hops to every request the figure times.
  app.addHook('onResponse', (_req, reply, done) => {
    serverMs.push(reply.elapsedTime);
    done();
  });
  // Repeated requests are answered from the catalogue cache (decision 145); the uncached figures clear it before each
  // request, so they time the statements themselves, as the first visitor after a catalogue change gets them.
  const catalogue = catalogueCacheFor(app.deps);
  let uncached = false;
  app.addHook('onRequest', (_req, _reply, done) => {
    if (uncached) catalogue.clear();
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (u: string) => {
    const res = await fetch(u);
    if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { nextCursor: string; total: number | null; items: unknown[] };
  };

  // A page deep in the results: follow the cursor 20 pages in, then load that page alone.
  let cursor = '';
  for (let i = 0; i < 20; i++) cursor = (await get(`${base}/api/listings?cursor=${cursor}`)).nextCursor;
  const scenarios: Array<[string, string]> = [...BROWSE_SCENARIOS, ['browse.page_21', `?cursor=${cursor}`]];
  for (const [name, query] of scenarios) {
    const first = await get(`${base}/api/listings${query}`);
    // The baseline answers the very bytes this request gets, from the bare-server process, measured beside it.
    const sent = await rawGet(`${base}/api/listings${query}`);
    const bare = await loader.bare([{ path: '/same', ...sent }]);
    await loader.load(`${base}/api/listings${query}`, { seconds: 1, headers: ACCEPT });
    await loader.load(`${bare.url}/same`, { seconds: 1 });
    for (const mode of ['cached', 'uncached'] as const) {
      uncached = mode === 'uncached';
      serverMs.length = 0;
      const baselines: LoadResult[] = [];
      const appLoads: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        baselines.push(await loader.load(`${bare.url}/same`, { seconds: SECONDS }));
        appLoads.push(await loader.load(`${base}/api/listings${query}`, { seconds: SECONDS, headers: ACCEPT }));
      }
      const [baseline, appLoad] = [meanLoad(baselines), meanLoad(appLoads)];
      const bench = `listings.${name}${uncached ? '.uncached' : ''}`;
      baselines.forEach((b) => assertHonestBaseline(bench, b));
      if (appLoad.failed) throw new Error(`${bench}: ${appLoad.failed} failed requests`);
      emit({
        bench,
        engine,
        value: appLoad.rps,
        unit: 'req/s',
        baseline: 'fastify.same_bytes',
        baselineValue: baseline.rps,
        p50Ms: appLoad.p50,
        serverMs: Number(median(serverMs).toFixed(2)),
        bytes: sent.body.length,
        generatorCpu: appLoad.generatorCpu,
        baselineGeneratorCpu: baseline.generatorCpu,
        results: first.total ?? first.items.length,
        listings: LISTINGS,
      });
    }
    uncached = false;
  }
  await app.close();
  await handle.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}

export async function run() {
  const loader = startLoadProcess();
  try {
    for (const { engine, url } of benchEngines()) await benchEngine(engine, url, loader);
  } finally {
    loader.stop();
  }
}
