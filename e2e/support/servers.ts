import path from 'node:path';

/**
 * The journey servers: one per Playwright worker, each on its own port with its own seeded database (decision 207),
 * so a journey that reads a site-wide figure (the admin "waiting" total, dashboard counts, traffic) sees only what the
 * journeys of its own worker wrote. Read from the environment when asked, never at import: the config runs in the
 * runner, which has no worker, and the workers inherit the variables it sets.
 */

/** How many workers, and so servers: E2E_WORKERS, 2 by default. */
export function e2eWorkers(): number {
  const raw = process.env.E2E_WORKERS ?? '2';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`E2E_WORKERS must be a whole number from 1, not "${raw}"`);
  return n;
}

/** Server `index` listens on E2E_PORT (3210 by default) + index. */
export function serverPort(index: number): number {
  return Number(process.env.E2E_PORT ?? 3210) + index;
}

export const serverUrl = (index: number) => `http://localhost:${serverPort(index)}`;

/** Server `index` keeps its database and uploads in `<E2E_DATA_DIR>/w<index>`. */
export function serverDataDir(index: number): string {
  const root = process.env.E2E_DATA_DIR;
  if (!root) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(root, `w${index}`);
}

/** The server of the worker this code runs in: Playwright's parallel index, the same for a worker restarted after a failure. */
export function workerServerIndex(): number {
  const raw = process.env.TEST_PARALLEL_INDEX;
  if (raw === undefined) throw new Error('the journey server is known only inside a Playwright worker');
  const index = Number(raw);
  if (index >= e2eWorkers())
    throw new Error(`worker ${index} has no server: set E2E_WORKERS (${e2eWorkers()}) rather than --workers`);
  return index;
}
