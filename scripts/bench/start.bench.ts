// start.ready_ms: `npm start` on an installed checkout with nothing changed since the last build, from process start
// to /healthz answering (build check, supervisor, compiled server, migrations check, listen), median of 5 runs on
// SQLite with a database migrated by a first run. Baseline: a bare `node:http` server process started the same way.
// Needs a build (`npm run build`); the first run builds if sources changed and is not counted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, median } from './support';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning the command to GET /healthz answering 200; then the process is stopped. */
async function timeToReady(args: string[], env: Record<string, string>, timeoutMs = 120_000) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > timeoutMs) throw new Error(`${args.join(' ')} not ready in ${timeoutMs} ms`);
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await sleep(5);
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-start-'));
  const env = { DATA_DIR: dataDir, NO_SEED: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  try {
    // Builds what changed and migrates the fresh database: not what an unchanged checkout pays.
    await timeToReady(['scripts/start.mjs'], env, 600_000);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timeToReady(['scripts/start.mjs'], env));
    const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')`;
    const bareTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) bareTimes.push(await timeToReady(['-e', bare], {}));
    emit({
      bench: 'start.ready_ms',
      engine: 'sqlite',
      value: Math.round(median(times)),
      unit: 'ms',
      baseline: 'node.http_ready_ms',
      baselineValue: Math.round(median(bareTimes)),
      runs: times.map(Math.round),
      load: os.loadavg()[0],
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
