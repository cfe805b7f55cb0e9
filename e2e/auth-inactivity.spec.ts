import { request, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startAuthServer, type AuthServer } from './support/auth-server';
import { postWithSession } from './support/session-api';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Inactivity logout with the timeout shortened through configuration: this journey runs its own server process
 * with SESSION_TIMEOUT_MS=15000 (15 s instead of 5 h) on a free port and a temporary data directory.
 * The browser's clock is driven by Playwright, so the 60-second checks run without waiting for them.
 */
const TIMEOUT_MS = 15_000;
let server: AuthServer;
/** A session signed in as the file starts and then left alone, for the last journey: its browser state and when. */
let idle: { state: Awaited<ReturnType<BrowserContext['storageState']>>; since: number };

test.beforeAll(async () => {
  server = await startAuthServer({ SESSION_TIMEOUT_MS: String(TIMEOUT_MS) });
  // Signed in through the API, with no browser (and so no browser-side timer) to end it; the timeout then runs out
  // while the journeys before the last one run, rather than in a wait of its own.
  const user = server.createUser('seller');
  const api = await request.newContext({ baseURL: server.url });
  expect((await api.post('/api/auth/signin', { data: { email: user.email, password: user.password } })).status()).toBe(
    200,
  );
  expect((await api.get('/api/profile')).status()).toBe(200);
  idle = { state: await api.storageState(), since: Date.now() };
  await api.dispose();
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/signin?returnTo=%2Fprofile');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Runs the tabs' clocks on together. Playwright runs each page's timers on its own, so one long run lets a tab whose
 * timers are quicker to fire reach the end (and sign every tab out) while another's clock still lags far behind, where
 * tabs of a real browser share one clock. In one-second steps no tab is more than a second behind another.
 */
async function runSharedClock(context: BrowserContext, ms: number) {
  for (let run = 0; run < ms; run += 1_000) await context.clock.runFor(Math.min(1_000, ms - run));
}

/** A buyer signed in on /profile in two tabs of one browser, whose clock the test drives. */
async function twoSignedInTabs(browser: Browser) {
  const user = server.createUser('buyer');
  const context = await browser.newContext({ baseURL: server.url });
  await context.clock.install();
  const a = await context.newPage();
  await signIn(a, user);
  await expect(a.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const b = await context.newPage();
  await b.goto('/profile');
  await expect(b.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  return { context, a, b };
}

test('activity in one tab keeps the others alive; after the timeout without activity every tab signs out to /signin?timeout=true', async ({
  browser,
}) => {
  const { context, a, b } = await twoSignedInTabs(browser);
  await expect(a.getByRole('button', { name: 'Account menu for Idle Ivy' })).toBeVisible();
  expect((await (await a.request.get('/api/auth/me')).json()).timeoutMs).toBe(TIMEOUT_MS);

  // For 80 s someone works in tab A only, moving the mouse every 10 s; tab B stays untouched. Every 60-second
  // check in both tabs finds recent activity (tab B through the shared record), so both stay signed in.
  for (let i = 0; i < 8; i++) {
    await a.mouse.move(40 + i * 10, 60);
    await runSharedClock(context, 10_000);
  }
  await expect(a.getByRole('button', { name: 'Account menu for Idle Ivy' })).toBeVisible();
  await expect(b.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  expect(a.url()).not.toContain('timeout=true');
  expect(b.url()).not.toContain('timeout=true');

  // Then nobody does anything: within the next checks the timeout has passed in every tab.
  await runSharedClock(context, 80_000);
  await expect(a).toHaveURL(/\/signin\?timeout=true$/);
  await expect(b).toHaveURL(/\/signin\?timeout=true$/);
  await expect(a.getByText('You were signed out after a period of inactivity. Please sign in again.')).toBeVisible();
  await expect(b.getByText('You were signed out after a period of inactivity. Please sign in again.')).toBeVisible();
  expect((await (await a.request.get('/api/auth/me')).json()).user).toBeNull();
});

test('a tab whose session another tab ended for inactivity goes to /signin?timeout=true as well', async ({
  browser,
}) => {
  const { context, b } = await twoSignedInTabs(browser);

  // Nobody does anything for longer than the timeout, but less than a check's 60 s. Then tab A's check comes round
  // first and signs out through the API, as it does; the server closes tab B's socket long before tab B's own check.
  await runSharedClock(context, TIMEOUT_MS + 1_000);
  expect((await postWithSession(context, server.url, '/api/auth/signout')).status()).toBe(204);
  await expect(b).toHaveURL(/\/signin\?timeout=true$/);
  await expect(b.getByText('You were signed out after a period of inactivity. Please sign in again.')).toBeVisible();
});

test('the server ends an idle session on its own after the configured timeout', async ({ browser }) => {
  // Nothing has used the session since it was signed in: stay away until longer than the timeout has passed.
  await sleep(Math.max(0, idle.since + TIMEOUT_MS + 1_000 - Date.now()));
  const context = await browser.newContext({ baseURL: server.url, storageState: idle.state });
  const res = await context.request.get('/api/profile');
  expect(res.status()).toBe(401);
  expect((await res.json()).error.message).toBe(
    'You were signed out after a period of inactivity. Please sign in again.',
  );
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
});
