import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

/**
 * The supervisor of `npm start` (scripts/start.mjs), run from a copy beside a stand-in compiled server: it restarts a
 * server process that dies, forwards a stop to it, and gives up on one that never listened.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-supervisor-'));
fs.mkdirSync(path.join(checkout, 'scripts'));
fs.mkdirSync(path.join(checkout, 'apps/server/dist'), { recursive: true });
fs.copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(checkout, 'scripts/start.mjs'));
// Answers with its pid; /crash kills it; a stop is acknowledged on stdout (where the real server flushes counts).
fs.writeFileSync(
  path.join(checkout, 'apps/server/dist/main.js'),
  `import http from 'node:http';
if (process.env.NEVER_LISTEN) process.exit(3);
process.on('SIGTERM', () => { console.log('stopped cleanly ' + process.pid); process.exit(0); });
http.createServer((req, res) => {
  if (req.url === '/crash') process.exit(1);
  res.end(String(process.pid));
}).listen(Number(process.env.PORT), '127.0.0.1');
`,
);
afterAll(() => fs.rmSync(checkout, { recursive: true, force: true }));

// A supervisor a failed assertion left running is stopped (it stops its server), so no test leaves processes behind.
const running = new Set<ReturnType<typeof supervise>>();
afterEach(async () => {
  for (const sup of running) {
    if (sup.child.exitCode !== null || sup.child.signalCode !== null) continue;
    sup.child.kill('SIGTERM');
    await Promise.race([sup.exited, sleep(5_000)]);
    sup.child.kill('SIGKILL');
  }
  running.clear();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function supervise(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(checkout, 'scripts/start.mjs'), '--no-build'], {
    cwd: checkout,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const sup = { child, exited, output: () => out };
  running.add(sup);
  return sup;
}

// Bounded: a request that is never answered (another process briefly on the port) must not stall the poll for good.
const pidAt = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.text())
    .catch(() => null);

describe('the npm start supervisor', () => {
  it('restarts a server process that dies, and forwards a stop to it', async () => {
    const port = await freePort();
    const sup = supervise({ PORT: String(port) });
    await expect.poll(() => pidAt(port), { timeout: 20_000 }).toMatch(/^\d+$/);
    const first = await pidAt(port);
    await fetch(`http://127.0.0.1:${port}/crash`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    await expect
      .poll(
        async () => {
          const pid = await pidAt(port);
          return pid !== null && pid !== first;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const second = await pidAt(port);
    expect(sup.output()).toMatch(/Server process \d+ exited \(code 1\); restarting in 1000 ms\./);
    sup.child.kill('SIGTERM');
    expect(await sup.exited).toBe(0);
    expect(sup.output()).toContain(`stopped cleanly ${second}`);
  }, 60_000);

  it('gives up with the server’s code when it never listened (a bad configuration would fail again)', async () => {
    const sup = supervise({ PORT: String(await freePort()), NEVER_LISTEN: '1' });
    expect(await sup.exited).toBe(3);
    expect(sup.output()).not.toContain('restarting');
  }, 60_000);

  it('runs one process on SQLite whatever WORKERS says', async () => {
    const port = await freePort();
    const sup = supervise({ PORT: String(port), WORKERS: '3' });
    await expect.poll(() => pidAt(port), { timeout: 20_000 }).toMatch(/^\d+$/);
    expect(sup.output()).toContain('WORKERS > 1 needs PostgreSQL');
    const pids = new Set<string | null>();
    for (let i = 0; i < 6; i++) pids.add(await pidAt(port));
    expect(pids.size).toBe(1);
    sup.child.kill('SIGTERM');
    expect(await sup.exited).toBe(0);
  }, 60_000);
});
