// Shared pieces for benchmarks: output format, a bare Fastify baseline, timing helpers.
import Fastify from 'fastify';

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
  if (f.baselineValue !== undefined && f.ratio === undefined && f.baselineValue !== 0) f.ratio = Number((f.value / f.baselineValue).toFixed(3));
  console.log(JSON.stringify(f));
}

/** A bare Fastify server with GET and POST endpoints that do nothing: the baseline for HTTP figures. */
export async function startBareServer() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.post('/bare', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

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
  return [{ engine: 'sqlite' }, ...(pg ? [{ engine: 'postgres' as const, url: pg }] : [])];
}
