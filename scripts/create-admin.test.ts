import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database';

/** `npm run create-admin -- --email …` (issue 12, item 3): the documented way to the first admin in production. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-create-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[], env: Record<string, string> = {}) {
  // The SQLite file under DATA_DIR, whatever database the test run uses.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
  });
}

async function userRow(email: string) {
  const handle = openDatabase(`sqlite:${path.join(dataDir, 'accountry.db')}`);
  try {
    return await handle.db
      .selectFrom('users')
      .select(['role', 'disabled'])
      .where('email', '=', email)
      .executeTakeFirst();
  } finally {
    await handle.close();
  }
}

describe('npm run create-admin', () => {
  it('creates the admin with the password from ADMIN_PASSWORD, in a migrated empty database', async () => {
    const run = createAdmin(['--email', 'Boss@Example.com'], { ADMIN_PASSWORD: 'A-long-Admin#password-2026' });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Admin boss@example.com created.');
    expect(await userRow('boss@example.com')).toMatchObject({ role: 'admin' });
  }, 60_000);

  it('refuses a weak password with the account rules’ message and creates nothing', async () => {
    const run = createAdmin(['--email', 'weak@example.com'], { ADMIN_PASSWORD: 'short' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/password/i);
    expect(await userRow('weak@example.com')).toBeUndefined();
  }, 60_000);

  it('without --email prints how to use it', () => {
    const run = createAdmin([]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run create-admin -- --email you@example.com');
  }, 60_000);
});
