import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A second server process of our own for journeys that need different configuration (e.g. a shortened
 * SESSION_TIMEOUT_MS), on a free port with its own temporary data directory, like a real deployment would run.
 */
export interface AuthServer {
  url: string;
  dataDir: string;
  createUser(
    role?: 'buyer' | 'seller' | 'both' | 'admin',
    displayName?: string,
  ): { id: string; email: string; password: string; displayName: string };
  stop(): Promise<void>;
}

const PASSWORD = 'Second#Server-2026';
const salt = randomBytes(16);
const HASH = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server did not become ready: ${stderr()}`);
}

export async function startAuthServer(env: Record<string, string>): Promise<AuthServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-auth-e2e-'));
  const dbFile = path.join(dataDir, 'accountry.db');
  const base = { ...process.env };
  delete base.SMTP_URL;
  // The compiled server the build leaves, as the journeys' own server runs (the TypeScript loader took 2 s of CPU more).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...base,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${dbFile}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      NO_SEED: 'true',
      WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist',
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err = (err + d).slice(-4000)));
  const url = `http://localhost:${port}`;
  await waitForReady(url, child, () => err);
  return {
    url,
    dataDir,
    createUser(role = 'buyer', displayName = 'Idle Ivy') {
      const id = randomBytes(16).toString('base64url');
      const email = `${role}-${randomBytes(4).toString('hex')}@second.test`;
      const db = new SQLite(dbFile);
      db.pragma('busy_timeout = 5000');
      const now = Date.now();
      db.prepare(
        `insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active, profile_complete, email_verified, disabled)
         values (?, ?, ?, ?, '', ?, ?, ?, 1, 1, 0)`,
      ).run(id, email, HASH, displayName, role, now, now);
      db.close();
      return { id, email, password: PASSWORD, displayName };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
