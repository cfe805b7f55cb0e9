import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { insertListing } from './support/listings-db';

// A busy machine may load a page slowly; that is not what these journeys check.
const expect = baseExpect.configure({ timeout: 30_000 });

// Decision 249: a followed link puts the focus on the new page's h1 and reads its title out.
const announcer = (page: Page) => page.locator('#route-announcer[aria-live="polite"]');

/** Tab from where the focus is until `target` has it, as a keyboard user does (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 15) {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a keyboard user who follows a header link lands on the new page’s heading, its title read out', async ({
  page,
}) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse accounts' })).toBeVisible();
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }));
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'About Accountry' });
  await expect(heading).toBeFocused();
  await expect(announcer(page)).toHaveText('About Accountry · Accountry');
  // Focused by script, the heading shows no ring (as the content the skip link leads to).
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
  // The next Tab goes on into the page, not on along the header.
  await page.keyboard.press('Tab');
  await expect(page.locator('#content :focus')).toHaveCount(1);
});

test('a page that loads its data takes the focus on its heading once drawn', async ({ browser, baseURL }) => {
  const title = `Route focus Fortnite account ${Date.now()}`;
  insertListing(createUser('seller').id, { title });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  await page.goto(`/browse?q=${encodeURIComponent(title)}`);
  await page.getByRole('main').getByRole('link', { name: title }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  // The listing's own title, set with its data, not the route's placeholder.
  await expect(announcer(page)).toHaveText(`${title} · Accountry`);
});

test('a filter change on /browse keeps the focus in the filter', async ({ page }) => {
  await page.goto('/browse');
  const verified = page.getByRole('form', { name: 'Filters' }).getByRole('checkbox', { name: 'Verified' });
  await verified.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/verified=true/);
  await expect(verified).toBeChecked();
  await expect(verified).toBeFocused();
  await expect(announcer(page)).toHaveText('');
});

test('the first load, redirected or not, leaves the focus at the top for the skip link', async ({ page }) => {
  // Signed out, /orders sends the visitor to sign in: that is still the first load, nothing to announce.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(announcer(page)).toHaveText('');
});

test('on a phone, a page chosen in the menu takes the focus from the closing menu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Open navigation' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'How it works' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  // Not back on the menu's button, as when the menu is closed without choosing a page.
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeFocused();
  await expect(announcer(page)).toHaveText('How it works · Accountry');
});
