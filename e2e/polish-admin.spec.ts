import type { Locator } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { createListing, createReport } from './support/admin-data';
import { waitForRest } from './support/page-rest';
import { postWithSession } from './support/session-api';
import { expectNoSeriousA11yViolations } from './support/axe';

// These journeys share a busy machine: allow slow first loads rather than fail on them.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an admin picks a recipient and the list closes, reads reports by their labels and the audit log by names', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Polish Admin');
  const seller = createUser('seller', `Audited Seller ${Date.now() % 10_000}`);
  const title = `Reported Steam library ${Date.now() % 10_000}`;
  const listingId = createListing(seller.id, title);
  const reportId = createReport('listing', listingId, admin.id, 'stolen', 'The seller says it was recovered.');
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();

  // "Send to users": the recipient list closes once a user is picked, so Cancel and Send can be reached. On an
  // announcement of this test's own (to the admin alone): one the site shows would move the pages other tests measure.
  const announcement = `Polish check ${Date.now() % 100_000}`;
  await postWithSession(context, baseURL!, '/api/admin/announcements', {
    title: announcement,
    message: 'Only for the admin who checks the recipient list.',
    targetUsers: [admin.id],
  });
  await page.goto('/admin/notifications');
  await page.getByRole('button', { name: `Actions for ${announcement}` }).click();
  await page.getByRole('menuitem', { name: 'Send to users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to specific users' });
  await dialog.getByRole('combobox', { name: 'Recipients' }).fill(seller.displayName);
  await page.getByRole('option', { name: new RegExp(seller.displayName) }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  // Listing reports show the reason the reporter chose, not its code.
  await page.goto('/admin/reports?tab=listing');
  await expect(page.getByRole('link', { name: 'Stolen or hacked account' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'stolen', exact: true })).toHaveCount(0);
  await page.goto(`/admin/reports/${reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stolen or hacked account' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // A reported listing deleted since is named, said to be deleted, and not linked to a page that is gone.
  const deletedTitle = `Deleted Steam library ${Date.now() % 10_000}`;
  const deletedId = createListing(seller.id, deletedTitle);
  const db = openE2eDb();
  db.prepare('update listings set deleted_at = ? where id = ?').run(Date.now(), deletedId);
  db.close();
  await page.goto(`/admin/reports/${createReport('listing', deletedId, admin.id, 'scam')}`);
  await expect(page.getByText(deletedTitle)).toBeVisible();
  await expect(page.getByText('Status: deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: deletedTitle })).toHaveCount(0);

  // Hide the listing and disable the seller; the audit log names both, linked, with the id on hover.
  await page.goto('/admin/listings');
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide listing' });
  await hide.getByRole('textbox').fill('Looks like a recovered account');
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(page.getByText('The listing is hidden.')).toBeVisible();

  await page.goto('/admin/audit');
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: 'Hid listing' }).first();
  const target = row.getByRole('link', { name: title });
  await expect(target).toBeVisible();
  await expect(target).toHaveAttribute('title', `listing ${listingId}`);
  await expect(log.getByText(`listing ${listingId}`)).toHaveCount(0);
  // The acting admin's name and what they acted on are targets of at least 24×24 px (WCAG 2.2 SC 2.5.8).
  for (const [name, link] of [
    ['the admin', row.getByRole('link', { name: admin.displayName })],
    ['the listing', target],
  ] as const) {
    const box = (await link.boundingBox())!;
    expect(box.width, name).toBeGreaterThanOrEqual(24);
    expect(box.height, name).toBeGreaterThanOrEqual(24);
  }
});

test('on a phone the admin tabs keep the current one in view, clear of the scrollbar', async ({ browser, baseURL }) => {
  const admin = createUser('admin');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const tab = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' });
  await expect(tab).toHaveAttribute('aria-current', 'page');
  // Measured at rest: the new admin's welcome banner slides in above the tabs after its fetch and moves them down.
  await waitForRest(page);
  await expect(tab).toBeInViewport({ ratio: 1 });
  // The scrollbar is offset below the tabs: nothing else is drawn over the current tab's centre. Looked at until the
  // tab row has finished scrolling it into view (a loaded machine once caught the row mid-scroll).
  const hitAtTab = async () => {
    const box = (await tab.boundingBox())!;
    return page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height - 3],
    );
  };
  await expect.poll(hitAtTab).toBe('Audit log');
});

test('on a phone and a desktop every admin section and its waiting count is in view, and the dashboard agrees', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  const seller = createUser('seller');
  createReport('listing', createListing(seller.id, `Tab count listing ${Date.now() % 10_000}`), admin.id, 'stolen', '');
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    const context = await browser.newContext({ viewport });
    await signInContext(context, baseURL!, admin.id);
    const page = await context.newPage();
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    // The open report is counted on the Reports tab, which a phone shows with the others.
    const reports = sections.getByRole('link', { name: /^Reports \(\d+ waiting\)$/ });
    await expect(reports).toBeVisible();
    await waitForRest(page);
    const links = await sections.getByRole('link').all();
    expect(links).toHaveLength(9);
    for (const link of links) await expect(link).toBeInViewport({ ratio: 1 });
    await expect(reports.getByText(/^\d+$/)).toBeInViewport({ ratio: 1 });
    // The dashboard's open reports are the tab's count: rate-us feedback, not a task, has a figure of its own.
    const waiting = (await reports.textContent())!.match(/\((\d+) waiting\)/)![1];
    await expect(page.getByRole('link', { name: new RegExp(`^Open reports ${waiting} `) })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Rate-us feedback \d+ / })).toBeVisible();
    // A desktop keeps them in one row.
    if (viewport.width > 1000) {
      const tops = await Promise.all(links.map(async (l) => (await l.boundingBox())!.y));
      expect(new Set(tops).size).toBe(1);
    }
  }
});

test('an admin page that could not load says why, with Try again, as its h1 where the heading needs data', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();

  // A page whose heading comes with its data: the failure is the page's h1.
  await page.goto('/admin/users/no-such-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Could not load the user' })).toBeVisible();
  const notFound = page.getByRole('alert').filter({ hasText: 'User not found' });
  await expect(notFound.getByRole('button', { name: 'Try again' })).toBeVisible();

  // A list the server cannot answer for now: the alert says what did not load, and Try again loads it once it can.
  // The focus stays on the page: on the new alert's Try again while it still fails, then on the page's heading.
  const busy = { status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } };
  const users = (url: URL) => url.pathname === '/api/admin/users';
  await page.route(users, (route) => route.fulfill(busy));
  await page.goto('/admin/users');
  const listAlert = page.getByRole('alert').filter({ hasText: 'Could not load the users' });
  await expect(listAlert).toContainText('The service is busy.');
  // Try again is a filled button, its contrast (against the alert too) checked by axe.
  await expectNoSeriousA11yViolations(page);
  await listAlert.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(listAlert).toHaveCount(0);
  await expect(listAlert.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.unroute(users);
  await listAlert.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByRole('table', { name: 'Users' }).or(page.getByRole('list', { name: 'Users' }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();

  // The traffic statistics say so in the same alert.
  const stats = (url: URL) => url.pathname === '/api/admin/traffic/stats';
  await page.route(stats, (route) => route.fulfill(busy));
  await page.goto('/admin/traffic');
  const statsAlert = page.getByRole('alert').filter({ hasText: 'Could not load the statistics' });
  await expect(statsAlert).toContainText('The service is busy.');
  await page.unroute(stats);
  await statsAlert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Daily page views' })).toBeVisible();
  await expect(statsAlert).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Traffic' })).toBeFocused();
});

test("a user's page: the name, each listing and report whole on a phone, in words; prices in a column on a desktop", async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  // 40 characters, the display name's limit, and no space to wrap at.
  const name = `xX_DarkSlayer_TheUnbeatable_${Date.now() % 10_000}_2026_Xx`.padEnd(40, 'x');
  const seller = createUser('seller', name);
  const title = `Steam library with a long title to wrap on a phone ${Date.now() % 10_000}`;
  const listingId = createListing(seller.id, title);
  // Prices of different widths, and the dearest a listing may have.
  const prices = ['$45.00', '$5.00', '$1,250.00', '$100,000.00'];
  createListing(seller.id, 'A cheap Steam account', 500);
  createListing(seller.id, 'A dear Steam account', 125_000);
  createListing(seller.id, 'The dearest Steam account', 10_000_000);
  createReport('listing', listingId, admin.id, 'stolen', 'Recovered by its first owner.');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  await page.goto(`/admin/users/${seller.id}`);

  // Each text sits inside its card and none is cut with an ellipsis.
  const shownWhole = async (card: Locator, text: Locator) => {
    await text.scrollIntoViewIfNeeded();
    const [t, c] = [(await text.boundingBox())!, (await card.boundingBox())!];
    expect(t.x).toBeGreaterThanOrEqual(c.x);
    expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width);
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  };
  // The name, one long word, wraps within the screen: nothing cut, no page scrolled sideways.
  await shownWhole(page.locator('main'), page.getByRole('heading', { level: 1, name }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const listings = page.getByRole('region', { name: 'Listings (4)' });
  const row = listings.getByRole('listitem').filter({ hasText: title });
  await shownWhole(listings, row.getByRole('link', { name: title }));
  await shownWhole(listings, row.getByText('Active', { exact: true }));
  for (const price of prices) await shownWhole(listings, listings.getByText(price, { exact: true }));

  // A report reads by the reason the reporter chose and what was reported, not by their codes.
  const reports = page.getByRole('region', { name: 'Reports about this user' });
  const report = reports.getByRole('listitem').filter({ hasText: 'Stolen or hacked account' });
  await shownWhole(reports, report.getByRole('link', { name: 'Stolen or hacked account' }));
  await shownWhole(reports, report.getByText('Open', { exact: true }));
  await shownWhole(reports, report.getByText('Listing report', { exact: true }));
  await expect(reports.getByText('stolen', { exact: true })).toHaveCount(0);

  // On a desktop the prices stand in one column, right-aligned, with digits of one width.
  await page.setViewportSize({ width: 1366, height: 768 });
  const boxes = await Promise.all(
    prices.map(async (p) => (await listings.getByText(p, { exact: true }).boundingBox())!),
  );
  for (const box of boxes) {
    expect(box.x + box.width).toBeCloseTo(boxes[0].x + boxes[0].width, 0);
    expect(box.x).toBeCloseTo(boxes[0].x, 0);
  }
  await expect(listings.getByText(prices[0], { exact: true })).toHaveCSS('font-variant-numeric', 'tabular-nums');
});
