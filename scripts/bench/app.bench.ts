// The whole app: the real production server (the compiled apps/server/dist/main.js that `npm start` runs, built by
// scripts/build.mjs; NODE_ENV=production, its own process, demo data) under load from a generator in another process,
// for /healthz, browse, listing detail, search and signed-in auth.me; each next to a bare Fastify endpoint (in a
// process of its own, load-process.ts) answering the same bytes, measured in alternating rounds.
// SQLite always; PostgreSQL when BENCH_DATABASE_URL is set. The server listens on BENCH_APP_PORT (default 3391).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { DEMO_USERS } from '../../apps/server/src/seed/demo-users';
import {
  assertHonestBaseline,
  benchEngines,
  emit,
  loadWithCpu,
  median,
  type MeasuredLoad,
  otherHeaders,
  processCpuMs,
  startLoadProcess,
  waitForServer,
} from './support';
import { setTimeout as sleep } from 'node:timers/promises';

const PORT = Number(process.env.BENCH_APP_PORT ?? 3391);
const ROUNDS = 2;
const SECONDS = 3;
const ACCEPT = { 'accept-encoding': 'br, gzip' };

/** The bytes and encoding exactly as the server sent them (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    body: Buffer;
    encoding?: string;
    type: string;
    headers: Record<string, string>;
  }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
            type: res.headers['content-type'] ?? 'application/json',
            headers: otherHeaders(res.headers),
          }),
        );
      })
      .on('error', reject);
  });
}

/** Until the process uses under 5% of a core for a whole second (20% while profiled: the sampler's own share). */
async function waitForIdle(pid: number) {
  const idleMs = process.env.BENCH_CPU_PROF ? 200 : 50;
  for (let i = 0; i < 180; i++) {
    const before = processCpuMs(pid);
    await sleep(1000);
    if (processCpuMs(pid) - before < idleMs) return;
  }
  throw new Error('the server stayed busy for 3 minutes after starting');
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  url: string | undefined,
  loader: ReturnType<typeof startLoadProcess>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-bench-app-'));
  let schema: string | null = null;
  let databaseUrl = `sqlite:${path.join(dataDir, 'accountry.db')}`;
  if (engine === 'postgres' && url) {
    schema = `bench_app_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const server = spawn(process.execPath, ['--enable-source-maps', ...profileArgs(), 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Production refuses to start without one; a throwaway key for the bench's throwaway data.
      CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForServer(base, server, '/healthz');
    // The server renders the demo screenshots after it starts listening: time nothing until that work is done.
    await waitForIdle(server.pid!);
    const buyer = DEMO_USERS.find((u) => u.role === 'buyer')!;
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: buyer.email, password: buyer.password }),
    });
    if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const first = (await (await fetch(`${base}/api/listings`)).json()) as { items: Array<{ id: string }> };
    const signedIn = { ...ACCEPT, cookie };
    const targets: Array<[string, string, Record<string, string>]> = [
      ['healthz', '/healthz', ACCEPT],
      ['browse', '/api/listings', ACCEPT],
      // Signed-in replies carry the viewer's favorites and are never served from the catalogue cache (decision 145).
      ['browse_signed_in', '/api/listings', signedIn],
      ['detail', `/api/listings/${first.items[0].id}`, signedIn],
      ['search', '/api/listings?q=account', ACCEPT],
      ['search_signed_in', '/api/listings?q=account', signedIn],
      ['auth_me', '/api/auth/me', signedIn],
      // The same route without a session: signed-in / anonymous shows what resolving the session costs.
      ['auth_me_anonymous', '/api/auth/me', ACCEPT],
    ];
    // BENCH_APP_TARGETS=healthz,detail times only those (for profiling one path); every figure by default.
    const only = process.env.BENCH_APP_TARGETS?.split(',');
    if (only) targets.splice(0, targets.length, ...targets.filter(([name]) => only.includes(name)));
    // The bare server answers each path with the very bytes (and encoding) the app sent.
    const replies = [];
    for (const [name, p, headers] of targets) {
      const res = await rawGet(base + p, headers);
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      replies.push({
        path: `/${name}`,
        body: res.body,
        contentType: res.type,
        contentEncoding: res.encoding,
        headers: res.headers,
      });
    }
    const bare = await loader.bare(replies);
    for (const [name, p, headers] of targets) {
      const app: MeasuredLoad[] = [];
      const baseline: MeasuredLoad[] = [];
      const sameHeaders: MeasuredLoad[] = [];
      await loader.load(base + p, { headers, seconds: 1 });
      await loader.load(`${bare.url}/${name}`, { seconds: 1 });
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(await loadWithCpu(bare.pid, () => loader.load(`${bare.url}/${name}`, { seconds: SECONDS })));
        app.push(await loadWithCpu(server.pid!, () => loader.load(base + p, { headers, seconds: SECONDS })));
        // The bare server sending the app's headers too: how much of the gap is the headers themselves.
        const withHeaders = `${bare.url}/${name}/headers`;
        sameHeaders.push(await loadWithCpu(bare.pid, () => loader.load(withHeaders, { seconds: SECONDS })));
      }
      for (const b of baseline) assertHonestBaseline(`app.${name}`, b);
      emit({
        bench: `app.${name}`,
        engine,
        value: rps(app),
        unit: 'req/s',
        baseline: 'fastify.same_bytes',
        baselineValue: rps(baseline),
        p50Ms: median(app.map((r) => r.p50)),
        failed: app.reduce((n, r) => n + r.failed, 0),
        bytes: replies.find((r) => r.path === `/${name}`)!.body.length,
        generatorCpu: median(app.map((r) => r.generatorCpu)),
        baselineGeneratorCpu: median(baseline.map((r) => r.generatorCpu)),
        cpuUsPerReq: median(app.map((r) => r.cpuUsPerReq)),
        baselineCpuUsPerReq: median(baseline.map((r) => r.cpuUsPerReq)),
        cpuRatio: Number(
          (median(baseline.map((r) => r.cpuUsPerReq)) / median(app.map((r) => r.cpuUsPerReq))).toFixed(3),
        ),
        sameHeadersBaselineValue: rps(sameHeaders),
        ratioToSameHeaders: Number((rps(app) / rps(sameHeaders)).toFixed(3)),
      });
    }
    await signedInBesideAnonymous(engine, loader, server.pid!, base, targets);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema && url) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    }
  }
}

/** Mean requests/s over a figure's rounds. */
const rps = (rs: MeasuredLoad[]) => Math.round(rs.reduce((n, r) => n + r.rps, 0) / rs.length);

/**
 * `auth.me` signed in against the same route anonymous, in alternating rounds of their own: the two per-path figures
 * above are each timed beside the bare server, in different rounds, so their quotient carries the machine's moments.
 */
async function signedInBesideAnonymous(
  engine: string,
  loader: ReturnType<typeof startLoadProcess>,
  serverPid: number,
  base: string,
  targets: Array<[string, string, Record<string, string>]>,
) {
  const target = (name: string) => targets.find(([n]) => n === name);
  const [signedIn, anonymousTarget] = [target('auth_me'), target('auth_me_anonymous')];
  if (!signedIn || !anonymousTarget) return;
  const timed = ([, p, headers]: [string, string, Record<string, string>]) =>
    loadWithCpu(serverPid, () => loader.load(base + p, { headers, seconds: SECONDS }));
  const signed: MeasuredLoad[] = [];
  const anonymous: MeasuredLoad[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    anonymous.push(await timed(anonymousTarget));
    signed.push(await timed(signedIn));
  }
  emit({
    bench: 'app.auth_me_signed_in',
    engine,
    value: rps(signed),
    unit: 'req/s',
    baseline: 'app.auth_me_anonymous',
    baselineValue: rps(anonymous),
    failed: [...signed, ...anonymous].reduce((n, r) => n + r.failed, 0),
    cpuUsPerReq: median(signed.map((r) => r.cpuUsPerReq)),
    baselineCpuUsPerReq: median(anonymous.map((r) => r.cpuUsPerReq)),
    generatorCpu: median(signed.map((r) => r.generatorCpu)),
  });
}

/** BENCH_CPU_PROF=dir writes a V8 CPU profile of the server for the whole run (node --cpu-prof). */
const profileArgs = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export async function run() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  const loader = startLoadProcess();
  try {
    for (const { engine, url } of benchEngines()) await benchEngine(engine, url, loader);
  } finally {
    loader.stop();
  }
}
