import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testEngine } from './test/test-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-main-'));
// Production keeps its own database: its CREDENTIALS_KEY is not the development key file's.
const productionDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-main-production-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(productionDir, { recursive: true, force: true });
});
const production = { NODE_ENV: 'production', DATA_DIR: productionDir, PUBLIC_URL: 'https://accountry.example' };

// A server a failed assertion left running is stopped, so no test leaves a process behind.
const started = new Set<ReturnType<typeof spawn>>();
afterEach(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, NO_SEED: 'true', LOG_LEVEL: 'info', ...env },
  });
  started.add(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = out.match(/running on (https?:\/\/\S+) \(database/);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, exited, output: () => out };
}

/** The log lines at warning level or above (pino's 40 and up) in a process's output. */
const warnings = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 40)
    .map((entry) => entry.msg);

// The server it starts keeps SQLite under DATA_DIR whatever the engine under test: the PostgreSQL step would repeat it.
describe.skipIf(testEngine === 'postgres')('main.ts', () => {
  it('migrates, serves, and closes gracefully on SIGTERM', async () => {
    const server = start({});
    const url = await server.url;
    // A first start on an empty data directory (no demo data) warns of the missing admin and of nothing else. The
    // warnings follow the banner: waited for.
    const noAdmin = 'No admin account exists yet. Create one with: npm run create-admin -- --email you@example.com';
    await expect.poll(() => warnings(server.output())).toContain(noAdmin);
    expect(warnings(server.output())).toEqual([noAdmin]);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', engine: 'sqlite' });
    expect(fs.existsSync(path.join(dataDir, 'accountry.db'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 60_000);

  it('in production without SMTP, warns that mail is not sent and offers no dev mailbox', async () => {
    const server = start({ ...production, CREDENTIALS_KEY: 'a'.repeat(64) });
    expect(await server.url).toBe('https://accountry.example');
    await expect
      .poll(() => warnings(server.output()))
      .toContain('SMTP_URL is not set: no email is sent (verification, password resets, notices stay in the outbox)');
    expect(server.output()).not.toContain('Dev mailbox');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('refuses to start with another CREDENTIALS_KEY than the one its database was first used with', async () => {
    const first = start({ ...production, CREDENTIALS_KEY: 'a'.repeat(64) });
    await first.url;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const other = start({ ...production, CREDENTIALS_KEY: 'b'.repeat(64) });
    await expect(other.url).rejects.toThrow('CREDENTIALS_KEY is not the key this database was first used with');
    expect(await other.exited).toBe(1);
  }, 60_000);

  it('a stop signal the moment it starts listening still closes gracefully', async () => {
    const server = start({});
    await server.url;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 60_000);

  it('refuses to start on a bad environment value with a clear message', async () => {
    const server = start({ PORT: 'not-a-port' });
    await expect(server.url).rejects.toThrow(/Invalid environment configuration:\s+PORT/);
    expect(await server.exited).toBe(1);
  }, 60_000);
});
