import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createUser, signInContext } from './support/db';
import { insertConversation, insertListing } from './support/listings-db';
import { createReport } from './support/admin-data';

// A busy machine may load a page slowly; that is not what this journey checks.
const expect = baseExpect.configure({ timeout: 30_000 });

// axe checks each page at rest. The app honours reduced motion, so an announcement published by another journey while a
// page is checked is already in place, not half-faded mid-slide (which once read as a contrast failure).
const AT_REST = { reducedMotion: 'reduce' } as const;

/** Every page the journeys visit, checked with axe-core at desktop and phone widths: no serious violations. */
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

async function visit(page: Page, path: string, ready: (p: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  // Let lazy content and the announcement banner settle before checking.
  await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, path);
}

const h1 = (name: string | RegExp) => (p: Page) =>
  expect(p.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });

async function signedIn(
  browser: Browser,
  baseURL: string,
  userId: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ ...AT_REST, viewport });
  await signInContext(context, baseURL, userId);
  return context.newPage();
}

// Each test walks many pages and runs axe on each.
// The longest walks of the run, each independent of the others: spread over the workers instead of one file in one
// worker, which left the other idle at the run's end (a third of its time on a slow two-core machine).
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

for (const vp of VIEWPORTS) {
  test(`public pages have no serious accessibility violations (${vp.name})`, async ({ browser }) => {
    const page = await (await browser.newContext({ ...AT_REST, viewport: vp })).newPage();
    await visit(page, '/', h1(/Buy and sell/));
    await visit(page, '/browse', h1('Browse accounts'));
    await visit(page, '/browse?min=50&max=10', (p) => expect(p.getByText('Check the price range')).toBeVisible());
    await visit(page, '/how-it-works', h1('How it works'));
    await visit(page, '/about', h1('About Accountry'));
    await visit(page, '/privacy-policy', h1('Privacy policy'));
    await visit(page, '/terms-of-service', h1('Terms of service'));
    await visit(page, '/rate-us', h1('Rate us'));
    await visit(page, '/signin', (p) => expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible());
    await visit(page, '/signup', (p) => expect(p.getByRole('button', { name: /Create account/ })).toBeVisible());
    await visit(page, '/reset-password', (p) => expect(p.getByRole('textbox', { name: 'Email' })).toBeVisible());
  });

  test(`member and seller pages have no serious accessibility violations (${vp.name})`, async ({
    browser,
    baseURL,
  }) => {
    const seller = createUser('both');
    const buyer = createUser('buyer');
    const listingId = insertListing(seller.id, { title: `Accessible Fortnite account ${vp.name}` });
    insertConversation(listingId, buyer.id, seller.id);
    const page = await signedIn(browser, baseURL!, buyer.id, vp);
    await visit(page, `/account/${seller.id}/${listingId}`, h1(`Accessible Fortnite account ${vp.name}`));
    await visit(page, `/seller/${seller.id}`, h1(seller.displayName));
    await visit(page, '/favorites', h1('Favorites'));
    await visit(page, '/saved-searches', h1('Saved searches'));
    await visit(page, '/browse?platform=fortnite', h1('Browse accounts'));
    await visit(page, '/chat', h1('Messages'));
    await visit(page, '/profile', h1('Your profile'));

    const sp = await signedIn(browser, baseURL!, seller.id, vp);
    await visit(sp, '/listing-management', h1('My listings'));
    await visit(sp, '/listing-management/new', h1('New listing'));
    await visit(sp, `/listing-management/${listingId}/edit`, h1('Edit listing'));
  });

  test(`admin pages have no serious accessibility violations (${vp.name})`, async ({ browser, baseURL }) => {
    const admin = createUser('admin');
    const seller = createUser('seller');
    const listingId = insertListing(seller.id, { title: `Reported account ${vp.name}` });
    const reportId = createReport('listing', listingId, admin.id, 'scam', 'Looks stolen.');
    const page = await signedIn(browser, baseURL!, admin.id, vp);
    await visit(page, '/admin', h1('Dashboard'));
    await visit(page, '/admin/users', h1('Users'));
    await visit(page, `/admin/users/${seller.id}`, h1(seller.displayName));
    await visit(page, '/admin/listings', h1('Listings'));
    await visit(page, '/admin/reports', h1('Reports'));
    await visit(page, `/admin/reports/${reportId}`, h1('Scam or fraud'));
    await visit(page, '/admin/audit', h1('Audit log'));
    await visit(page, '/admin/notifications', h1(/Announcements/));
    await visit(page, '/admin/traffic', h1('Traffic'));
  });
}
