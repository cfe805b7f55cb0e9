import path from 'node:path';
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { Browser, BrowserContext } from '@playwright/test';
import { serverDataDir, workerServerIndex } from './servers';

/**
 * Direct access to the SQLite database of the worker's journey server (decision 207), to arrange data a journey is
 * not about (a verified user of some role, a signed-in browser) without driving unrelated pages.
 */
export function openE2eDb(): SQLite.Database {
  const db = new SQLite(path.join(serverDataDir(workerServerIndex()), 'accountry.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export const E2E_PASSWORD = 'Journey#Pass-2026';
const salt = randomBytes(16);
const hash = `scrypt$1024$8$1$${salt.toString('base64')}$${scryptSync(E2E_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`;

export type E2eRole = 'buyer' | 'seller' | 'both' | 'admin';

/** A verified user with E2E_PASSWORD. */
export function createUser(
  role: E2eRole,
  displayName = `${role[0].toUpperCase()}${role.slice(1)} ${randomBytes(2).toString('hex')}`,
) {
  const id = randomBytes(16).toString('base64url');
  const email = `${role}-${randomBytes(4).toString('hex')}@journey.test`;
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active, profile_complete, email_verified, disabled)
     values (?, ?, ?, ?, '', ?, ?, ?, 1, 1, 0)`,
  ).run(id, email, hash, displayName, role, now, now);
  db.close();
  return { id, email, password: E2E_PASSWORD, displayName, role };
}

/** Sign the browser context in as the user by creating a session row and setting its cookies. */
export async function signInContext(context: BrowserContext, baseURL: string, userId: string, remember = false) {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(18).toString('base64url');
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into sessions (id, public_id, user_id, remember, csrf_token, created_at, last_active, user_agent, ip) values (?, ?, ?, ?, ?, ?, ?, 'journey', '127.0.0.1')`,
  ).run(
    createHash('sha256').update(token).digest('base64url'),
    randomBytes(16).toString('base64url'),
    userId,
    remember ? 1 : 0,
    csrf,
    now,
    now,
  );
  db.close();
  await context.addCookies([
    { name: 'sid', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'csrf_token', value: csrf, url: baseURL, sameSite: 'Lax' },
  ]);
}

/** A new browser context signed in as the user, and a page in it. */
export async function signedInPage(browser: Browser, baseURL: string, userId: string) {
  const context = await browser.newContext();
  await signInContext(context, baseURL, userId);
  return { context, page: await context.newPage() };
}
