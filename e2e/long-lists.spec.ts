import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertManyUsers } from './support/long-lists';

// A long table pages in on scroll on a busy machine: allow the slow steps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/** An admin on /admin/users searching `count` new users named `${word} …`, the first of them drawn. */
async function adminSearchingUsers(browser: Browser, baseURL: string, word: string, count: number) {
  const prefix = `${word} ${randomBytes(3).toString('hex')}`;
  insertManyUsers(prefix, count);
  const admin = createUser('admin');
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await signInContext(context, baseURL, admin.id);
  const page = await context.newPage();
  await page.goto(`/admin/users?q=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('link', { name: `${prefix} 0001` })).toBeVisible();
  return { prefix, page, table };
}

test('the admin users table renders a window of rows with a sticky header and loads the next page on scroll', async ({
  browser,
  baseURL,
}) => {
  const { prefix, page, table } = await adminSearchingUsers(browser, baseURL!, 'Bulk', 300);
  const scroller = page.getByRole('region', { name: 'Users, scrollable' });
  const rows = table.locator('tbody tr[aria-rowindex]');
  const header = table.getByRole('columnheader', { name: 'Name' });

  // A page of 25 is loaded, fewer than that rendered; the header counts as row 1.
  await expect(table).toHaveAttribute('aria-rowcount', '26');
  expect(await rows.count()).toBeLessThan(25);

  // Scrolling to the end loads the next keyset pages; the DOM keeps a window, the header stays in view.
  for (let loaded = 25; loaded < 100; loaded += 25) {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(table).toHaveAttribute('aria-rowcount', String(loaded + 26));
  }
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table).toHaveAttribute('aria-rowcount', '126');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.getByRole('link', { name: `${prefix} 0125` })).toBeVisible();
  expect(await rows.count()).toBeLessThan(40);
  await expect(header).toBeInViewport();
  await expect(rows.last()).toHaveAttribute('aria-rowindex', /^\d+$/);
  const lastIndex = Number(await rows.last().getAttribute('aria-rowindex'));
  expect(lastIndex).toBeGreaterThan(125);
  await expect(table.getByRole('link', { name: `${prefix} 0001` })).toHaveCount(0);

  // Keyboard: the scroll box takes focus and Home/End reach the ends, through rows never drawn (their heights differ
  // from the estimate, which must not stop the scroll part-way).
  await scroller.focus();
  for (let round = 0; round < 3; round++) {
    await page.keyboard.press('Home');
    await expect(table.getByRole('link', { name: `${prefix} 0001` })).toBeInViewport();
    // The row that was last when End was pressed comes into view (reaching it loads the next page below it).
    const lastLoaded = String(Number(await table.getAttribute('aria-rowcount')) - 1).padStart(4, '0');
    await page.keyboard.press('End');
    await expect(table.getByRole('link', { name: `${prefix} ${lastLoaded}` })).toBeInViewport();
    await expect(table.getByRole('link', { name: `${prefix} 0001` })).toHaveCount(0);
  }
});

test('"Load more" under an admin list moves the focus to the first row it added; the search box follows the address', async ({
  browser,
  baseURL,
}) => {
  const { prefix, page, table } = await adminSearchingUsers(browser, baseURL!, 'More', 30);
  // The 26th row is below the drawn window of the first page: it is scrolled to and focused.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(table.getByRole('link', { name: `${prefix} 0026` })).toBeFocused();
  await expect(page.getByText('30 results', { exact: true })).toBeVisible();

  // The section's link clears the search from the address, and from the box.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(prefix);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});

test('"Load more" under favorites moves the focus to the first listing it added', async ({
  page,
  context,
  baseURL,
}) => {
  const member = createUser('buyer', `Fay Favorites ${randomBytes(2).toString('hex')}`);
  const db = openE2eDb();
  const listings = db
    .prepare("select id from listings where status = 'active' and deleted_at is null order by created_at limit 30")
    .all() as Array<{ id: string }>;
  const insert = db.prepare('insert into favorites (user_id, listing_id, created_at) values (?, ?, ?)');
  listings.forEach((l, i) => insert.run(member.id, l.id, Date.now() - i * 1000));
  db.close();
  await signInContext(context, baseURL!, member.id);
  await page.goto('/favorites');
  const list = page.getByRole('list', { name: 'Saved listings' });
  await expect(list.getByRole('listitem')).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(30);
  // The button is gone with the last page: the focus is on the first new listing, where reading goes on.
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(list.getByRole('listitem').nth(24).getByRole('link').first()).toBeFocused();
});

test('"Load more" under the payout history moves the focus to the first payout it added', async ({
  page,
  context,
  baseURL,
}) => {
  const member = createUser('seller', `Pat Payouts ${randomBytes(2).toString('hex')}`);
  const db = openE2eDb();
  const insert = db.prepare(
    "insert into payouts (id, user_id, amount_cents, status, created_at, decided_at) values (?, ?, ?, 'canceled', ?, ?)",
  );
  // 30 requests taken back, a minute apart: $10.00 the newest, $39.00 the oldest.
  for (let i = 0; i < 30; i++) {
    const at = Date.now() - (i + 1) * 60_000;
    insert.run(`e2e-payout-${randomBytes(6).toString('hex')}`, member.id, 1_000 + i * 100, at, at + 1_000);
  }
  db.close();
  await signInContext(context, baseURL!, member.id);
  await page.goto('/wallet');
  const rows = page.getByRole('table', { name: 'Payouts' }).locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText('$10.00');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(30);
  // The last page is in: the button is gone and the focus is on the first payout it added, the 26th newest.
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(rows.nth(25)).toContainText('$35.00');
  await expect(rows.nth(25)).toBeFocused();
  await expect(rows.last()).toContainText('$39.00');
});
