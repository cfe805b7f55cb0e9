import type { Page } from '@playwright/test';

/**
 * Holds every request of the page to a matching URL until `release()` is called: the journey looks at the page while
 * those requests are on their way, as on a slow network.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
