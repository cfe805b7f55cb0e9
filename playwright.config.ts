import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { e2eWorkers, serverDataDir, serverPort } from './e2e/support/servers';
import { journeyChromium } from './scripts/journey-browser.mjs';

// Fresh databases for every run, seeded with the demo data like a first `npm start`: one server and one database per
// worker (decision 207), under this directory. Workers inherit the environment, so they see the same directory.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `accountry-e2e-${process.pid}-${Date.now()}`);
const workers = e2eWorkers();

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'] as const;
/** E2E_TRACE: whether journeys record a Playwright trace; off by default. */
function traceMode(): (typeof TRACE_MODES)[number] {
  const mode = process.env.E2E_TRACE ?? 'off';
  const known = TRACE_MODES.find((m) => m === mode);
  if (!known) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not "${mode}"`);
  return known;
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A spec file runs whole in one worker, against that worker's server.
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    // baseURL is the worker's own server, chosen in e2e/support/test.ts.
    // A failed journey keeps a screenshot and its page's accessibility snapshot (error-context.md). Recording a trace
    // of every journey (the DOM at every step) cost a fifth of the journeys' CPU on a 2-core machine, so it is off
    // unless asked for: E2E_TRACE=retain-on-failure (or on) when investigating. Its screencast stays off (a third).
    trace: { mode: traceMode(), screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // With none installed, Playwright's error names Debian's path rather than a browser of its own to download.
      executablePath: journeyChromium() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    name: `server ${index}`,
    // The compiled server `npm run build` leaves beside the web build (the TypeScript loader costs CPU the browser needs).
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `http://localhost:${serverPort(index)}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort(index)),
      DATA_DIR: serverDataDir(index),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist',
      // Orders: a protection period of seconds and a sweep every second, so a journey sees an order complete.
      PROTECTION_PERIOD_MS: '4000',
      ORDER_SWEEP_INTERVAL_MS: '1000',
      // Saved-search alerts looked for every second, so a journey gets one (each search still at most hourly).
      SAVED_SEARCH_ALERT_INTERVAL_MS: '1000',
    },
  })),
});
