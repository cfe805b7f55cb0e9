// Shared pieces for benchmarks: output format, the generator and bare-server processes, timing helpers.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../apps/server/src/db/database';
import { loadConfig } from '../../apps/server/src/config';
import { setTimeout as sleep } from 'node:timers/promises';
import { pinToServerCore } from './cores';
import { cpuMsOfStat } from './proc-stat';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

export interface Figure {
  bench: string;
  engine?: string;
  value: number;
  unit: string;
  baseline?: string;
  baselineValue?: number;
  ratio?: number;
  [extra: string]: unknown;
}

/** One JSON line per figure on standard output. */
export function emit(f: Figure) {
  if (f.baselineValue !== undefined && f.ratio === undefined && f.baselineValue !== 0)
    f.ratio = Number((f.value / f.baselineValue).toFixed(3));
  console.log(JSON.stringify(f));
}

/**
 * The server's settings for a bench that builds the app in its own process: the given environment, with each reply
 * serialised once, as in production. Test and development settings also encode every reply with zod and compare
 * (plugins/reply-serializer.ts), which doubles the cost of a large reply and is not what users are served.
 */
export function benchConfig(env: NodeJS.ProcessEnv) {
  return { ...loadConfig(env), checkReplies: false };
}

/**
 * Planner statistics as a running server has them after bulk writes: PostgreSQL's autovacuum analyzes the tables;
 * the server never runs ANALYZE on SQLite (decision 040). SQLite's STAT4 samples would also make it compile again,
 * on every run, each statement with a parameter against an indexed column (~300 µs for an admin listings page).
 */
export async function analyzeAsTheServer(db: Kysely<any>) {
  if (engineOf(db) === 'postgres') await sql`analyze`.execute(db);
}

/** Headers every Fastify reply has anyway, or that describe the body: the bare server sets those itself. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'date', 'connection', 'keep-alive']);

/** The app's other response headers (security headers, vary): what a reply carries beyond the bare one. */
export function otherHeaders(headers: Record<string, unknown>) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!OWN_HEADERS.has(name) && typeof value === 'string') out[name] = value;
  return out;
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

export function percentile(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
}

/** Median wall time (ms) of fn over n runs after a warm-up. */
export async function timeMedian(fn: () => Promise<unknown>, n = 50, warmup = 5) {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

/** Engines to benchmark: SQLite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export function benchEngines(): Array<{ engine: 'sqlite' | 'postgres'; url?: string }> {
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const all = [{ engine: 'sqlite' as const }, ...(pg ? [{ engine: 'postgres' as const, url: pg }] : [])];
  // BENCH_ENGINE=sqlite|postgres times one engine (while working on one engine's path).
  const only = process.env.BENCH_ENGINE;
  return only ? all.filter((e) => e.engine === only) : all;
}

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  failed: number;
  /** The generator process's CPU over the run, as a share of one core. */
  generatorCpu: number;
}

/** Requests/s a bare Fastify GET must reach here for a ratio to mean anything (a quiet 2-core machine does ~15-30k). */
export const MIN_BARE_RPS = Number(process.env.BENCH_MIN_BARE_RPS ?? 4000);

/**
 * Two child processes: one generates load (wrk), the other hosts bare servers; see load-process.ts. This process (the
 * app of the in-process benches, and the parent of a spawned server) and the bare servers run on the server's core.
 */
export function startLoadProcess() {
  const spawnChild = () =>
    fork(path.join(benchDir, 'load-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  const generator = spawnChild();
  const bareHost = spawnChild();
  pinToServerCore(process.pid);
  pinToServerCore(bareHost.pid!);
  const ask = <T>(child: ReturnType<typeof fork>, msg: unknown) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench child process exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as T);
      });
      child.send(msg as object);
    });
  return {
    load: (
      url: string,
      opts: { headers?: Record<string, string>; connections?: number; seconds?: number; bodies?: string[] } = {},
    ) =>
      ask<LoadResult>(generator, {
        kind: 'load',
        url,
        headers: opts.headers,
        connections: opts.connections ?? 32,
        durationSeconds: opts.seconds ?? 3,
        bodies: opts.bodies,
      }),
    bare: (
      replies: Array<{
        path: string;
        method?: 'GET' | 'POST';
        status?: number;
        body: Buffer;
        contentType: string;
        contentEncoding?: string;
        headers?: Record<string, string>;
      }>,
    ) =>
      ask<{ url: string; pid: number }>(bareHost, {
        kind: 'bare',
        replies: replies.map((r) => ({ ...r, body: r.body.toString('base64'), encoding: 'base64' })),
      }),
    stop: () => {
      // Killed too: a child busy with a job when a bench fails would not read the exit message.
      for (const c of [generator, bareHost]) {
        if (c.connected) c.send('exit');
        c.kill();
      }
    },
  };
}

/** Stop the run when the bare baseline is far below what this machine does: every ratio after it would be a guess. */
export function assertHonestBaseline(bench: string, bare: LoadResult) {
  if (bare.failed) throw new Error(`${bench}: ${bare.failed} failed requests against the bare baseline`);
  if (bare.rps < MIN_BARE_RPS)
    throw new Error(
      `${bench}: the bare baseline ran at ${bare.rps} req/s (generator CPU ${bare.generatorCpu}), below ${MIN_BARE_RPS}: ` +
        'the machine is too busy (or the generator is the limit) for this figure to mean anything. ' +
        'Set BENCH_MIN_BARE_RPS to override.',
    );
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); the bench's own process without it. */
export function processCpuMs(pid: number = process.pid) {
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  return cpuMsOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** A load's result with the server process's CPU per request (µs). */
export type MeasuredLoad = LoadResult & { cpuUsPerReq: number };

/**
 * Run a load and report the server process's CPU per request (µs): far less sensitive than requests/s to other work
 * on a shared machine, so a ratio of CPU per request (bare / app) is the load-independent companion of the rps ratio.
 */
export async function loadWithCpu(pid: number, run: () => Promise<LoadResult>): Promise<MeasuredLoad> {
  const before = processCpuMs(pid);
  const result = await run();
  const cpuUsPerReq = result.total ? Number((((processCpuMs(pid) - before) * 1000) / result.total).toFixed(1)) : 0;
  return { ...result, cpuUsPerReq };
}

/** Polls `path` until the spawned server answers, failing at once if it exits (at most 2 minutes). */
export async function waitForServer(base: string, child: ChildProcess, path = '/healthz') {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not start within 2 minutes');
}
