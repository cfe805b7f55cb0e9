import { expect as baseExpect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { holdRequests } from './support/hold-requests';

// These journeys share a busy machine: allow slow first loads rather than fail on them.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('every route has its own title, and public pages carry a description and Open Graph tags', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Accountry: the account marketplace');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveTitle('Browse accounts · Accountry');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveTitle('How it works · Accountry');

  // A shared link is answered with the page's own title and preview tags before any script runs.
  const html = await (await request.get('/browse')).text();
  expect(html).toContain('<title>Browse accounts · Accountry</title>');
  expect(html).toContain(
    '<meta name="description" content="Search and filter game, social-media and streaming accounts for sale by price, platform and region." />',
  );
  expect(html).toContain('<meta property="og:title" content="Browse accounts · Accountry" />');
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/logo\.png" \/>/);
  const privatePage = await (await request.get('/listing-management')).text();
  expect(privatePage).toContain('<title>My listings · Accountry</title>');
  expect(privatePage).not.toContain('og:title');

  // A listing's page is titled by the listing.
  const seller = createUser('seller');
  const title = `Titled Fortnite account ${Date.now() % 10_000}`;
  const listingId = insertListing(seller.id, { title });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const bp = await context.newPage();
  await bp.goto(`/account/${seller.id}/${listingId}`);
  await expect(bp.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bp).toHaveTitle(`${title} · Accountry`);
});

test('the header waits for the session without offering Sign in, and toasts appear below it', async ({
  browser,
  baseURL,
}) => {
  const user = createUser('buyer');
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await signInContext(context, baseURL!, user.id);
  const page = await context.newPage();
  const release = await holdRequests(page, '**/api/auth/me');
  await page.goto('/rate-us');
  const header = page.getByRole('banner');
  await expect(header.getByRole('status', { name: 'Checking your session' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  release();
  await expect(header.getByRole('button', { name: `Account menu for ${user.displayName}` })).toBeVisible();
  await expect(header.getByRole('status', { name: 'Checking your session' })).toHaveCount(0);

  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Suggestion' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Titles on every page make tabs easy to tell apart.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Thank you! Your feedback helps us improve Accountry.' });
  await expect(toast).toBeVisible();
  const headerBox = (await header.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
});

test('on a phone the listing keeps its price and "Message the seller" in view, and the banner stays compact', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const title = `Sticky Fortnite account ${Date.now() % 10_000}`;
  const listingId = insertListing(seller.id, { title, priceCents: 12_500 });
  // A seller sees the demo announcements for sellers in the banner.
  const viewer = createUser('seller');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, viewer.id);
  const page = await context.newPage();
  await page.goto(`/account/${seller.id}/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const bar = page.getByRole('region', { name: 'Price and actions' });
  await expect(bar.getByText(/^\$125/)).toBeInViewport();
  // Both actions fit the screen whole, not cut at its edge.
  await expect(bar.getByRole('link', { name: 'Message the seller' })).toBeInViewport({ ratio: 1 });
  // The footer is the page's contentinfo landmark (after main), holding the footer navigation.
  const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar.getByRole('link', { name: 'Message the seller' })).toBeInViewport();
  // At the bottom of the page no footer link is under the bar: a tap lands on the link itself.
  for (const link of await footer.getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(await link.textContent());
  }
  await expect(page.getByRole('link', { name: 'Message the seller' })).toHaveCount(1);

  await page.evaluate(() => window.scrollTo(0, 0));
  const banner = page.getByRole('region', { name: 'Announcements' });
  await expect(banner).toBeVisible();
  const headerBox = (await page.getByRole('banner').boundingBox())!;
  const bannerBox = (await banner.boundingBox())!;
  // Header and banner together take well under a fifth of the screen.
  expect(headerBox.height + bannerBox.height).toBeLessThan(844 * 0.15);
  await bar.getByRole('link', { name: 'Message the seller' }).click();
  // The chat opens the listing's conversation and puts its id in the address in place of the listing's.
  await expect(page).toHaveURL(/\/chat\?c=/);
  await expect(page.getByRole('link', { name: `About: ${title}` })).toBeVisible();
});

test('on a phone the menu gives the focus back to its button when it closes, the first time too', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Open navigation' });
  // The button says whether its menu is open.
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
});

test('Back to /browse returns to where the list was left', async ({ browser, baseURL }) => {
  // Signed in: a listing page asks visitors to sign in first, which would be another page in between.
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  await page.goto('/browse');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.nth(21)).toBeVisible();
  await cards.nth(20).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  // Where the member clicks: a link partly off screen is scrolled into view by the click itself, after the figures
  // below were taken, and Back rightly restores that later position.
  await cards.nth(21).getByRole('link').first().scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);
  // Where the clicked card sat on the screen: what the member sees, whether or not a banner appeared above meanwhile.
  const cardTop = async () => (await cards.nth(21).boundingBox())?.y ?? Number.NaN;
  const seenAt = await cardTop();
  await cards.nth(21).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/account\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/browse$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 100);
  await expect.poll(cardTop).toBeGreaterThan(seenAt - 100);
  expect(await cardTop()).toBeLessThan(seenAt + 100);
});

test('a keyboard user can skip to the content and reach the password show/hide button', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#content$/);
  await expect(page.getByRole('main').locator('#content')).toBeFocused();

  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('Secret#2026');
  await password.press('Tab');
  const toggle = page.getByRole('button', { name: 'Toggle password visibility' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
});

for (const [device, viewport] of [
  ['a computer', { width: 1366, height: 768 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device} the site's frame shows before the app's code has run, where the app then draws it`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // The app's code held back, as on a slow phone while it downloads and starts.
    const release = await holdRequests(page, '**/assets/index-*.js');
    await page.goto('/browse', { waitUntil: 'commit' });
    const home = page.getByRole('banner').getByRole('link', { name: 'Accountry home' });
    await expect(home).toBeVisible();
    await expect(home).toHaveText('Accountry');
    // Measured as the browser first paints it: once the stylesheet, which holds the first paint back, has loaded
    // (`commit` returns before it, and layout read sooner is the unstyled page's).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet),
    );
    const early = (await home.boundingBox())!;
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse accounts' })).toBeVisible();
    // The app's own header took the frame's place: one home link, where the frame had drawn it.
    await expect(page.getByRole('link', { name: 'Accountry home' })).toHaveCount(1);
    const drawn = (await home.boundingBox())!;
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(drawn[side] - early[side]), side).toBeLessThan(2);
  });
}

test('on a phone the footer links and the balance history links are at least 24 px tall', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  // The demo seller's balance history has sales, each linking to its order.
  const sellerId = openE2eDb().prepare('select id from users where email = ?').pluck().get('seller@accountry.test');
  await signInContext(context, baseURL!, String(sellerId));
  const page = await context.newPage();
  await page.goto('/wallet');
  const history = page.getByRole('list', { name: 'Balance history' });
  await expect(history.getByRole('link').first()).toBeVisible();
  const heights = async (links: import('@playwright/test').Locator) =>
    links.evaluateAll((els) => els.map((el) => [el.textContent, Math.round(el.getBoundingClientRect().height)]));
  for (const [text, height] of await heights(history.getByRole('link')))
    expect(height, `balance history link "${text}"`).toBeGreaterThanOrEqual(24);
  const footer = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
  await expect(footer.first()).toBeVisible();
  for (const [text, height] of await heights(footer))
    expect(height, `footer link "${text}"`).toBeGreaterThanOrEqual(24);
});
