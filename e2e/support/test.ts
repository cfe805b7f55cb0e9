import { test as base } from '@playwright/test';
import { e2eWorkers, serverUrl, workerServerIndex } from './servers';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, for every journey: a browser context the journey opens itself (`browser.newContext()`, directly
 * or in a helper such as a spec's `signedInPage`) is closed when the journey ends, passed or failed, as Playwright
 * closes its own `context`. Left open, its pages kept their sockets, timers and renderers running in the one browser
 * through every later journey. Contexts that already existed when the journey started are left alone.
 * Its `baseURL` is the worker's own server (decision 207): a spec's relative URLs, `page`, `request` and the contexts
 * it opens reach the server whose database `support/db.ts` opens.
 */
export const test = base.extend<{ closeJourneyContexts: void; timeForEachWorker: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  baseURL: async ({}, use) => use(serverUrl(workerServerIndex())),
  closeJourneyContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      // Closing saves a failed journey's trace and screenshots of the context, as for Playwright's own context.
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true, title: "close the journey's browser contexts" },
  ],
  // N workers share the machine's cores, so a journey's allowance (its file's or the config's) is N times as long: a
  // hang still fails it, a journey slowed by the others does not (decision 207).
  timeForEachWorker: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use, testInfo) => {
      testInfo.setTimeout(testInfo.timeout * e2eWorkers());
      await use();
    },
    { auto: true, title: "a journey's time for each worker sharing the machine" },
  ],
});
