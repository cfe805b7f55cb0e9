import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { randomBytes } from 'node:crypto';
import { createUser, signInContext, type E2eRole } from './support/db';
import { postWithSession } from './support/session-api';

async function signedInPage(browser: Browser, baseURL: string, role: E2eRole, path = '/'): Promise<Page> {
  const user = createUser(role);
  const context = await browser.newContext();
  await signInContext(context, baseURL, user.id);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Announcements' });

test('an admin warns sellers; a seller sees it at once, pages and dismisses; a buyer does not; metrics; recall', async ({
  browser,
  baseURL,
}) => {
  const title = `Payouts delayed ${randomBytes(3).toString('hex')}`;
  const seller = await signedInPage(browser, baseURL!, 'seller');
  const buyer = await signedInPage(browser, baseURL!, 'buyer');
  const admin = await signedInPage(browser, baseURL!, 'admin', '/admin/notifications');

  // Before: the seller has the demo announcements for everyone and for sellers.
  await expect(banner(seller).getByText('Keep your listings up to date')).toBeVisible();

  // The admin creates a warning for sellers; the form shows the spec's messages first.
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await admin.getByRole('button', { name: 'New announcement' }).click();
  const form = admin.getByRole('dialog', { name: 'New announcement' });
  await form.getByRole('button', { name: 'Create announcement' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  // The focus goes to the first field to fix, not left on the button.
  await expect(form.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Message' }).fill('Payouts sent this week arrive two days later than usual.');
  await form.getByRole('combobox', { name: 'Severity' }).click();
  await admin.getByRole('option', { name: 'Warning' }).click();
  await form.getByRole('combobox', { name: 'Audience' }).click();
  await admin.getByRole('option', { name: 'Sellers', exact: true }).click();
  await form.getByRole('button', { name: 'Create announcement' }).click();
  await expect(admin.getByText('Announcement created')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Sellers');
  await expect(admin.getByRole('button', { name: 'New announcement' })).toBeFocused();
  // Each dialog opened from a row's menu gives the focus back to that menu's button.
  const actions = admin.getByRole('button', { name: `Actions for ${title}` });
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Edit' }).click();
  await admin.getByRole('dialog', { name: 'Edit announcement' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Announcement updated')).toBeVisible();
  await expect(actions).toBeFocused();

  // The seller sees it within seconds without reloading: newest first, yellow warning, "1 of 3".
  const sb = banner(seller);
  await expect(sb.getByText(title)).toBeVisible();
  await expect(sb.locator('[data-severity="warning"]')).toBeVisible();
  await expect(sb.getByText('1 of 3')).toBeVisible();
  await sb.getByRole('button', { name: 'Next announcement' }).click();
  await expect(sb.getByText('2 of 3')).toBeVisible();
  await expect(sb.getByText('Keep your listings up to date')).toBeVisible();
  await expect(sb.getByText(title)).toBeHidden();
  // Keyboard: arrows page within the banner.
  await sb.getByRole('button', { name: 'Next announcement' }).focus();
  await seller.keyboard.press('ArrowLeft');
  await expect(sb.getByText('1 of 3')).toBeVisible();
  await seller.keyboard.press('ArrowRight');
  await expect(sb.getByText('2 of 3')).toBeVisible();
  // Dismissing the second one moves to the next one.
  await sb.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(sb.getByText('2 of 2')).toBeVisible();
  await expect(sb.getByText('Welcome to Accountry')).toBeVisible();
  await sb.getByRole('button', { name: 'Previous announcement' }).click();
  await expect(sb.getByText(title)).toBeVisible();
  // It stays dismissed after navigating (which also refreshes the banner).
  await seller.goto('/how-it-works');
  await expect(banner(seller).getByText('1 of 2')).toBeVisible();
  await expect(banner(seller).getByText('Keep your listings up to date')).toBeHidden();

  // A buyer does not see it, even after refreshing by navigation.
  await buyer.goto('/browse');
  await expect(banner(buyer).getByText('Welcome to Accountry')).toBeVisible();
  await expect(banner(buyer).getByText(title)).toBeHidden();

  // The admin sees the metrics: the seller read it.
  const openMetrics = async () => {
    await admin.getByRole('button', { name: `Actions for ${title}` }).click();
    await admin.getByRole('menuitem', { name: 'Metrics' }).click();
    return admin.getByRole('dialog', { name: `Metrics: ${title}` });
  };
  let metrics = await openMetrics();
  await expect(metrics.getByRole('listitem', { name: 'Read: 1', exact: true })).toBeVisible();
  await expect(metrics.getByRole('listitem', { name: 'Dismissed: 0', exact: true })).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(actions).toBeFocused();
  // Another seller sees it and dismisses it: the metrics change.
  const seller2 = await signedInPage(browser, baseURL!, 'seller');
  await expect(banner(seller2).getByText(title)).toBeVisible();
  await banner(seller2).getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner(seller2).getByText(title)).toBeHidden();
  metrics = await openMetrics();
  await expect(metrics.getByRole('listitem', { name: 'Read: 2', exact: true })).toBeVisible();
  await expect(metrics.getByRole('listitem', { name: 'Dismissed: 1', exact: true })).toBeVisible();
  await admin.keyboard.press('Escape');

  // The admin recalls it (after confirming); it disappears from the seller's banner without a reload.
  await admin.getByRole('button', { name: `Actions for ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Recall' }).click();
  await admin.getByRole('dialog', { name: 'Recall announcement?' }).getByRole('button', { name: 'Recall' }).click();
  await expect(admin.getByText('Announcement recalled')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Canceled');
  await expect(actions).toBeFocused();
  await expect(banner(seller).getByText(title)).toBeHidden();
  await expect(banner(seller).getByText('Welcome to Accountry')).toBeVisible();
  await expect(banner(seller).getByText(/of \d/)).toBeHidden();

  // Deleted, its row is gone: the focus goes to the page's heading.
  await actions.click();
  await admin.getByRole('menuitem', { name: 'Delete' }).click();
  await admin.getByRole('dialog', { name: 'Delete announcement?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Announcement deleted')).toBeVisible();
  await expect(actions).toHaveCount(0);
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeFocused();
});

test('the announcement counts say when they could not be loaded, and load on "Try again"', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  const stats = '**/api/admin/announcements/stats';
  await page.route(stats, (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } }),
  );
  await page.goto('/admin/notifications');
  const alert = page.getByRole('alert').filter({ hasText: 'The announcement counts could not be loaded' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await page.unroute(stats);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('list', { name: 'Announcement counts' }).getByRole('listitem', { name: /^Total: \d+$/ }),
  ).toBeVisible();
});

test('on a phone a long announcement is cut to a line or two with "Show more", which shows all of it', async ({
  browser,
  baseURL,
}) => {
  const buyer = createUser('buyer');
  const tag = randomBytes(3).toString('hex');
  const admin = await browser.newContext();
  await signInContext(admin, baseURL!, createUser('admin').id);
  const announce = (title: string, message: string) =>
    postWithSession(admin, baseURL!, '/api/admin/announcements', { title, message, targetUsers: [buyer.id] });
  const shortTitle = `Short ${tag}`;
  await announce(shortTitle, 'Back soon.');
  const title = `Scheduled maintenance of payments and payouts this weekend ${tag}`;
  const ending = 'Thank you for your patience while we make payments faster.';
  const message =
    'Card payments and payouts pause on Saturday from 22:00 to 23:30 UTC while the payment provider is upgraded. ' +
    'Orders placed before then are not affected, and their protection periods are extended by the pause. ' +
    ending;
  await announce(title, message);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    const context = await browser.newContext({ viewport });
    await signInContext(context, baseURL!, buyer.id);
    const page = await context.newPage();
    await page.goto('/how-it-works');
    const b = banner(page);
    await expect(b.getByText(title)).toBeVisible();
    const more = b.getByRole('button', { name: 'Show more' });
    // Whether a text is cut where it ends: its box is shorter than its content.
    const cut = (text: string) => b.getByText(text).evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    // A screen reader hears the whole announcement, cut on the screen or not.
    expect(await b.ariaSnapshot()).toContain(ending);
    if (viewport.width > 400) {
      await expect(more).toHaveCount(0);
      expect(await cut(message)).toBe(false);
      expect(await cut(title)).toBe(false);
      continue;
    }
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(await cut(message)).toBe(true);
    // By keyboard: Enter shows all of the title and the message, Space cuts them again.
    await more.focus();
    await page.keyboard.press('Enter');
    const less = b.getByRole('button', { name: 'Show less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect(less).toBeFocused();
    expect(await cut(message)).toBe(false);
    expect(await cut(title)).toBe(false);
    await expect(b.getByText(ending, { exact: false })).toBeInViewport();
    await page.keyboard.press('Space');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    // A short one, shown whole, offers no button.
    await b.getByRole('button', { name: 'Next announcement' }).click();
    await expect(b.getByText(shortTitle)).toBeVisible();
    await expect(b.getByRole('button', { name: /^Show (more|less)$/ })).toHaveCount(0);
  }
});

test('the banner holds its place, unseen, from the moment its announcements load, so the page does not move when it shows', async ({
  browser,
  baseURL,
}) => {
  const buyer = createUser('buyer');
  const admin = await browser.newContext();
  await signInContext(admin, baseURL!, createUser('admin').id);
  const title = `Mind the gap ${randomBytes(3).toString('hex')}`;
  await postWithSession(admin, baseURL!, '/api/admin/announcements', {
    title,
    message: 'A banner that appeared later pushed the page down under a pointer about to click.',
    targetUsers: [buyer.id],
  });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, buyer.id);
  const page = await context.newPage();
  // The banner as it first enters the page: whether it can be seen then, and the place it takes.
  await page.addInitScript(() => {
    const w = window as unknown as { bannerFirst?: { visibility: string; height: number } };
    new MutationObserver(() => {
      const el = document.querySelector('section[aria-label="Announcements"]');
      if (!el || w.bannerFirst) return;
      w.bannerFirst = { visibility: getComputedStyle(el).visibility, height: el.getBoundingClientRect().height };
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/how-it-works');
  await expect(banner(page).getByText(title)).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { bannerFirst?: object }).bannerFirst);
  expect(first).toEqual({ visibility: 'hidden', height: expect.any(Number) });
  expect((first as { height: number }).height).toBeGreaterThan(20);
});
