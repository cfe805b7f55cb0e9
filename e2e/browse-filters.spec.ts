import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { insertListing } from './support/listings-db';

const filtersOf = (page: Page) => page.getByRole('complementary', { name: 'Filter listings' });
const resultsStatus = (page: Page) => page.locator('p[role="status"]');

/** The browse API's requests, as sent. */
function browseRequests(page: Page) {
  const sent: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/listings') sent.push(url);
  });
  return sent;
}

test('a price filter keeps its cents, and a price it cannot read is refused at its field', async ({ page }) => {
  const sent = browseRequests(page);
  await page.goto('/browse');
  const min = filtersOf(page).getByRole('textbox', { name: 'Min price' });
  await min.fill('49.99');
  await min.press('Enter');
  await expect(page).toHaveURL(/min=49\.99$/);
  await expect.poll(() => sent.some((u) => u.searchParams.get('minPrice') === '4999')).toBe(true);
  await expect(page.getByRole('list', { name: 'Active filters' }).getByText('From $49.99')).toBeVisible();

  await min.fill('49.999');
  await min.press('Enter');
  await expect(filtersOf(page).getByText('Enter dollars and cents, like 49.99')).toBeVisible();
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/min=49\.99$/);
});

test('a filter above what the server takes is shown at its field and never sent; a refused load offers no retry', async ({
  page,
}) => {
  const sent = browseRequests(page);
  await page.goto('/browse?minFollowers=3000000000&max=20000000.01');
  const filters = filtersOf(page);
  await expect(filters.getByRole('textbox', { name: 'Min followers' })).toHaveAttribute('aria-invalid', 'true');
  await expect(filters.getByText('At most 2,000,000,000')).toBeVisible();
  await expect(filters.getByText('At most $20,000,000')).toBeVisible();
  await expect(page.getByText('Check the filters')).toBeVisible();
  await expect(page.getByText('Listings could not be loaded')).toHaveCount(0);
  expect(sent.filter((u) => u.searchParams.has('minFollowers') || u.searchParams.has('maxPrice'))).toEqual([]);

  // A refusal cannot pass by asking again: said as an alert, without "Try again".
  const listings = (url: URL) => url.pathname === '/api/listings';
  await page.route(listings, (route) =>
    route.fulfill({ status: 400, json: { error: { code: 'VALIDATION', message: 'The query was refused.' } } }),
  );
  await page.goto('/browse?q=refused');
  const alert = page.getByRole('alert').filter({ hasText: 'Listings could not be loaded' });
  await expect(alert).toContainText('The query was refused.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // A busy server may answer later: then it is offered.
  await page.unroute(listings);
  await page.route(listings, (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } }),
  );
  await page.goto('/browse?q=busy');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 20_000 });
});

test('removing a filter moves the focus to the next pill, else to the results', async ({ page }) => {
  const word = `Nomatch${randomBytes(4).toString('hex')}`;
  await page.goto(`/browse?q=${word}&region=europe&negotiable=true`);
  const pills = page.getByRole('list', { name: 'Active filters' });
  await pills.getByRole('button', { name: 'Remove filter Europe' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/region=/);
  await expect(pills.getByRole('button', { name: 'Remove filter Negotiable' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/negotiable=/);
  await expect(resultsStatus(page)).toBeFocused();

  // Nothing matches the words: "Clear search and filters" goes with the empty state.
  await page.getByRole('button', { name: 'Clear search and filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/q=/);
  await expect(resultsStatus(page)).toBeFocused();

  await page.goto('/browse?region=europe');
  await page.getByRole('button', { name: 'Clear all' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/region=/);
  await expect(resultsStatus(page)).toBeFocused();

  await page.goto('/browse?region=europe');
  await filtersOf(page).getByRole('button', { name: 'Clear filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/region=/);
  await expect(resultsStatus(page)).toBeFocused();
});

test('a category keeps only the filters it has fields for, in the address, the pills, the fields and the query', async ({
  page,
}) => {
  const sent = browseRequests(page);
  await page.goto('/browse?category=game&platform=instagram');
  await expect(page).toHaveURL(/\/browse\?category=game$/);
  await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Instagram')).toHaveCount(0);
  expect(sent.filter((u) => u.searchParams.has('platform'))).toEqual([]);

  await page.goto('/browse?minFollowers=500&verified=true');
  const filters = filtersOf(page);
  await filters.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Game account' }).click();
  await expect(page).toHaveURL(/\/browse\?category=game&verified=true$/);
  await expect(filters.getByRole('textbox', { name: 'Min followers' })).toHaveCount(0);
  // The game's own words for the attribute, at the field and in the pill.
  await expect(filters.getByRole('checkbox', { name: 'Phone or ID verified' })).toBeChecked();
  const pills = page.getByRole('list', { name: 'Active filters' });
  await expect(pills.getByRole('button', { name: 'Remove filter Phone or ID verified' })).toBeVisible();

  await filters.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Streaming or subscription' }).click();
  await expect(page).toHaveURL(/\/browse\?category=streaming$/);
  await expect(filters.getByRole('checkbox', { name: /verified/i })).toHaveCount(0);
  await expect(pills.getByText(/verified/i)).toHaveCount(0);
});

test("a card says a verified account is verified in its category's words, beside its facts", async ({ page }) => {
  const word = `Verif${randomBytes(4).toString('hex')}`;
  const title = `${word} verified account`;
  insertListing(createUser('seller').id, { title, verified: true });
  await page.goto(`/browse?q=${word}`);
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article', { name: title });
  await expect(card.getByText('Phone or ID verified', { exact: true })).toBeVisible();
});

test('a double tap on a card heart sends one request and leaves the heart as that request left it', async ({
  browser,
  baseURL,
}) => {
  const word = `Heart${randomBytes(4).toString('hex')}`;
  const title = `${word} account to keep`;
  insertListing(createUser('seller').id, { title });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/favorites')) sent.push(r.method());
  });
  await page.goto(`/browse?q=${word}`);
  // The first tap's request is answered once both taps are in, as on a phone where it takes longer than a double tap
  // (on a loaded machine the browser could otherwise deliver the second tap after the answer, as a tap of its own).
  let answer = () => {};
  const bothTapsIn = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/favorites', async (route) => {
    await bothTapsIn;
    await route.continue();
  });
  const heart = page.getByRole('button', { name: `Add ${title} to favorites` });
  const saving = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/favorites',
  );
  await heart.dblclick();
  answer();
  // The save's own answer first: a CI run once ended with no toast and the heart empty, which alone cannot tell a tap
  // that sent nothing from a save the server refused.
  expect((await saving).status()).toBe(201);
  await expect(page.getByText('Saved to your favorites')).toBeVisible();
  const saved = page.getByRole('button', { name: `Remove ${title} from favorites` });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(saved).not.toHaveAttribute('aria-disabled', 'true');
  expect(sent.filter((m) => m !== 'GET')).toEqual(['POST']);
});

test('"Load more" on a seller\'s page moves the focus to the first listing it added', async ({ browser, baseURL }) => {
  const seller = createUser('seller');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  const tag = randomBytes(3).toString('hex');
  for (let i = 0; i < 25; i++) insertListing(seller.id, { title: `Shelf ${tag} ${String(i).padStart(2, '0')}` });
  await page.goto(`/seller/${seller.id}`);
  const grid = page.getByRole('list', { name: 'Listings for sale' });
  await expect(grid.getByRole('article')).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('article')).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Its first control (a buyer's heart, then its title): the button went with the last page.
  const added = grid.getByRole('listitem').nth(24);
  await expect.poll(() => added.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('the home page says when a section has nothing, and offers to try again when it could not load', async ({
  page,
}) => {
  let reply = { status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } as object };
  await page.route('**/api/listings/home', (route) => route.fulfill(reply));
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'Listings could not be loaded' });
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 20_000 });
  reply = { status: 200, json: { recent: [], popular: [] } };
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Just listed' })).toContainText('No accounts are listed right now.');
  await expect(page.getByRole('region', { name: 'Popular right now' })).toContainText('Nothing is popular yet.');
});
