import path from 'node:path';
import { build } from 'esbuild';
import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { insertListing } from './support/listings-db';

// LoadError on a page of its own (apps/web/src/components/ui/load-error.harness.tsx, bundled here as the app is built):
// two sections whose alerts share a title, each with its own query of the same figures.
const TITLE = 'Could not load the figures';
type Fulfil = Parameters<Route['fulfill']>[0];
const BUSY: Fulfil = { status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } };

let script: string;
test.beforeAll(async () => {
  const out = await build({
    entryPoints: [path.resolve('apps/web/src/components/ui/load-error.harness.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  script = out.outputFiles[0].text;
});

/**
 * The harness page. Its figures answer 503 until `answer` says otherwise, and each request waits for a `release()`:
 * the journey sees the loading state whichever comes first, the release or the request.
 */
async function harness(page: Page) {
  let reply: Fulfil = BUSY;
  let permits = 0;
  const waiting: Array<() => void> = [];
  const html = '<!doctype html><html lang="en"><title>Figures</title><div id="root"></div>';
  await page.route('**/harness/load-error', (route) =>
    route.fulfill({ contentType: 'text/html', body: `${html}<script type="module" src="/harness/load.js"></script>` }),
  );
  await page.route('**/harness/load.js', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  await page.route('**/harness/figures', async (route) => {
    if (permits > 0) permits--;
    else await new Promise<void>((go) => waiting.push(go));
    await route.fulfill(reply);
  });
  return {
    answer: (r: Fulfil) => (reply = r),
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else permits++;
    },
  };
}

test('Try again puts the focus on its own new alert, not on another of the same title, then on the h1', async ({
  page,
}) => {
  const figures = await harness(page);
  await page.goto('/harness/load-error');
  const week = page.getByRole('region', { name: 'This week' });
  const month = page.getByRole('region', { name: 'This month' });
  await expect(page.getByRole('status', { name: 'Loading the figures…' })).toHaveCount(2);
  figures.release();
  await expect(page.getByRole('alert').filter({ hasText: TITLE })).toHaveCount(2);
  await expect(month.getByRole('alert')).toContainText('The service is busy.');

  // The second section's Try again: both sections reload (one set of figures) and fail again; the focus goes to the
  // second section's new Try again, though the first section's alert, of the same title, comes back first.
  await month.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByRole('status', { name: 'Loading the figures…' })).toHaveCount(2);
  figures.release();
  await expect(page.getByRole('alert').filter({ hasText: TITLE })).toHaveCount(2);
  await expect(month.getByRole('button', { name: 'Try again' })).toBeFocused();

  // And the first section's, likewise.
  await week.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByRole('status', { name: 'Loading the figures…' })).toHaveCount(2);
  figures.release();
  await expect(page.getByRole('alert').filter({ hasText: TITLE })).toHaveCount(2);
  await expect(week.getByRole('button', { name: 'Try again' })).toBeFocused();

  // Once the figures load, the focus goes to the page's h1.
  figures.answer({ json: { count: 7 } });
  await week.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByRole('status', { name: 'Loading the figures…' })).toHaveCount(2);
  figures.release();
  await expect(week).toContainText('7 figures');
  await expect(month).toContainText('7 figures');
  await expect(page.getByRole('heading', { level: 1, name: 'Figures' })).toBeFocused();
});

test("a listing, or its seller's listings, that failed to load offer Try again, which shows them; a page of nothing says so and leads on", async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const title = `Retried Valorant account ${Date.now()}`;
  const listingId = insertListing(seller.id, { title });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  const detail = `**/api/listings/${listingId}`;
  await page.route(detail, (route) => route.fulfill(BUSY));
  await page.goto(`/account/${seller.id}/${listingId}`);
  // The app asks twice more by itself before it says so.
  await expect(page.getByRole('heading', { level: 1, name: 'The listing could not be loaded' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toContainText('The service is busy.');
  await page.unroute(detail);
  await page.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();

  // Its seller's page whose listings failed says so in their section, with Try again, which shows them.
  const listings = '**/api/listings?*';
  await page.route(listings, (route) => route.fulfill(BUSY));
  await page.goto(`/seller/${seller.id}`);
  const forSale = page.getByRole('region', { name: 'Listings for sale' });
  await expect(forSale.getByRole('alert')).toContainText("The seller's listings could not be loaded", {
    timeout: 20_000,
  });
  await page.unroute(listings);
  await forSale.getByRole('button', { name: 'Try again' }).click();
  await expect(forSale.getByText(title)).toBeVisible();

  // Not there: an end, said so, with the way on and nothing to try again.
  await page.goto(`/account/${seller.id}/${listingId.slice(0, -4)}zzzz`);
  await expect(page.getByRole('heading', { level: 1, name: 'This listing is not available' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.goto(`/seller/${seller.id.slice(0, -4)}zzzz`);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller not found' })).toBeVisible();
});

test("a member's wallet history, saved searches and profile cards that failed to load say which, with Try again", async ({
  page,
  context,
  baseURL,
}) => {
  await signInContext(context, baseURL!, createUser('buyer').id);
  // What these sections ask for answers 503 (asked twice more by the app) until `failing` is cleared.
  let failing = true;
  for (const url of [
    '**/api/wallet/entries*',
    '**/api/saved-searches',
    '**/api/profile/email-preferences',
    '**/api/profile/passkeys',
    '**/api/profile/two-factor',
  ])
    await page.route(url, (route) =>
      failing && route.request().method() === 'GET' ? route.fulfill(BUSY) : route.continue(),
    );
  const retried = async (section: Locator, failed: string, loaded: string) => {
    await expect(section.getByRole('alert')).toContainText(failed, { timeout: 20_000 });
    await expect(section.getByRole('alert')).toContainText('The service is busy.');
    failing = false;
    await section.getByRole('button', { name: 'Try again' }).click();
    await expect(section.getByText(loaded)).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    failing = true;
  };

  await page.goto('/wallet');
  await retried(
    page.getByRole('region', { name: 'Balance history' }),
    'Your balance history could not be loaded',
    'No balance movements yet.',
  );

  await page.goto('/saved-searches');
  await retried(page.getByRole('main'), 'Your saved searches could not be loaded', 'No saved searches yet');

  await page.goto('/profile');
  await retried(
    page.getByRole('region', { name: 'Email' }),
    'Your email preferences could not be loaded',
    'Email me about unread messages',
  );
  await retried(
    page.getByRole('region', { name: 'Passkeys' }),
    'Your passkeys could not be loaded',
    'Sign in with your fingerprint, face or screen lock instead of your password.',
  );
  await retried(
    page.getByRole('region', { name: 'Two-factor sign-in' }),
    'Your two-factor sign-in could not be loaded',
    'Protect your account and your sales with a second step at sign-in',
  );
});
