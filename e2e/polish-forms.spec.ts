import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { holdRequests } from './support/hold-requests';
import { insertListing } from './support/listings-db';

// These journeys share a busy machine: allow slow first loads rather than fail on them.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('browse shows a reversed price range at the fields and never sends it', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/listings') sent.push(r.url());
  });
  await page.goto('/browse');
  const filters = page.getByRole('complementary', { name: 'Filter listings' });
  await filters.getByRole('textbox', { name: 'Min price' }).fill('50');
  await filters.getByRole('textbox', { name: 'Min price' }).press('Enter');
  await filters.getByRole('textbox', { name: 'Max price' }).fill('10');
  await filters.getByRole('textbox', { name: 'Max price' }).press('Enter');
  await expect(page).toHaveURL(/min=50&max=10/);
  await expect(filters.getByText('The minimum price cannot be above the maximum')).toBeVisible();
  await expect(filters.getByRole('textbox', { name: 'Min price' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Listings could not be loaded')).toHaveCount(0);
  expect(sent.filter((u) => u.includes('minPrice=5000') && u.includes('maxPrice=1000'))).toEqual([]);

  // A range that makes sense loads again.
  await filters.getByRole('textbox', { name: 'Max price' }).fill('100');
  await filters.getByRole('textbox', { name: 'Max price' }).press('Enter');
  await expect(filters.getByText('The minimum price cannot be above the maximum')).toHaveCount(0);
  await expect.poll(() => sent.some((u) => u.includes('minPrice=5000') && u.includes('maxPrice=10000'))).toBe(true);
});

/** Open a select, click the option already chosen, and check it is still chosen. */
async function clickChosenOption(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

test('a seller cannot empty a required select by clicking it, sees price errors as typed, and learns which screenshot failed', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto('/listing-management/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New listing' })).toBeVisible();
  const hint = page.getByText('Add at least one screenshot before publishing.');
  await expect(hint).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill('Diamond Valorant account with two knives');
  await clickChosenOption(page, 'Category', 'Game account');
  await clickChosenOption(page, 'Platform or game', 'Valorant');
  await clickChosenOption(page, 'Region or server', 'Europe');
  await clickChosenOption(page, 'Delivery method', 'Full access (login and original email handed over)');
  await clickChosenOption(page, 'Delivery time', 'Within 24 hours');
  // The delivery time says what it holds the seller to: the promised time and the hour of grace after it.
  const deliveryTime = page.getByRole('combobox', { name: 'Delivery time' });
  await expect(deliveryTime).toHaveAccessibleDescription(
    "You promise delivery within 24 hours of payment; you have 1 hour's grace after that. If nothing has arrived 25 hours after payment, the order is canceled and the buyer is refunded automatically.",
  );
  await deliveryTime.click();
  await page.getByRole('option', { name: 'Instant', exact: true }).click();
  await expect(deliveryTime).toHaveAccessibleDescription(
    "Instant means you deliver the credentials as soon as the buyer pays, within 1 hour; you have 1 hour's grace after that. If nothing has arrived 2 hours after payment, the order is canceled and the buyer is refunded automatically.",
  );
  await clickChosenOption(page, 'Delivery time', 'Within 24 hours');
  await page.getByRole('textbox', { name: 'Description' }).fill('Main account since beta, two knives, all agents.');

  // What was typed stays, and the field says why it cannot be saved.
  const price = page.getByRole('textbox', { name: 'Price (USD)' });
  for (const [typed, shown] of [
    ['-25', '-$25'],
    ['0', '$0'],
  ]) {
    await price.fill(typed);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Enter a price from $1 to $100,000')).toBeVisible();
    await expect(price).toHaveValue(shown);
    await expect(price).toHaveAttribute('aria-invalid', 'true');
  }
  await price.fill('120');

  // One good screenshot and one that only claims to be a PNG.
  const good = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'knives.png', mimeType: 'image/png', buffer: good },
    { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') },
  ]);
  await expect(page.getByRole('img', { name: 'New screenshot knives.png' })).toBeVisible();
  await expect(hint).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish' }).click();
  // The draft was saved; the page names the file and says why, as editing does.
  await expect(page).toHaveURL(/\/listing-management\/[^/]+\/edit$/);
  await expect(page.getByText(/Your draft was saved, but: “broken\.png” could not be uploaded/)).toBeVisible();
  const screenshots = page.getByRole('region', { name: 'Screenshots' });
  await expect(screenshots.getByText('broken.png: Screenshots must be JPEG, PNG or WebP images.')).toBeVisible();
  await expect(screenshots.getByText('1 of 8')).toBeVisible();
  await expect(hint).toHaveCount(0);

  // Moving a screenshot by keyboard keeps the focus with it, though the arrows are disabled while the move is saved.
  const second = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 160, g: 40, b: 20 } },
  })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: second });
  await screenshots.getByRole('button', { name: 'Move screenshot 2 left' }).press('Enter');
  await expect(screenshots.getByRole('button', { name: 'Move screenshot 1 right' })).toBeFocused();

  // Removing a saved screenshot asks first; Cancel keeps it.
  await screenshots.getByRole('button', { name: 'Remove screenshot 1' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this screenshot?' });
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(screenshots.getByText('2 of 8')).toBeVisible();
  await screenshots.getByRole('button', { name: 'Remove screenshot 1' }).click();
  await remove.getByRole('button', { name: 'Remove screenshot' }).click();
  await expect(screenshots.getByText('1 of 8')).toBeVisible();
});

test('the rate-us category keeps its choice when the chosen option is clicked again', async ({ page }) => {
  await page.goto('/rate-us');
  await clickChosenOption(page, 'Category', 'Suggestion');
});

test('a select opened while the page still loads stays where it was, open, as the fee and the announcements arrive', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const listingId = insertListing(seller.id, { title: 'Fortnite account edited on a slow phone' });
  // Tall enough for the protection period's select to be in view from the first paint, with the page at its top.
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  // From the first frame, every distinct place on the screen where the select's field was drawn.
  await page.addInitScript(() => {
    const w = window as unknown as { protectionTops: number[] };
    w.protectionTops = [];
    const watch = () => {
      const field = Array.from(document.querySelectorAll('input')).find((i) =>
        i.labels?.[0]?.textContent?.startsWith('Protection period'),
      );
      const top = field && Math.round(field.getBoundingClientRect().top);
      if (top !== undefined && !w.protectionTops.includes(top)) w.protectionTops.push(top);
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  // As on a slow connection: the fee answers only after the listing, the announcements only once the list is open.
  const releaseFees = await holdRequests(page, '**/api/fees');
  const releaseAnnouncements = await holdRequests(page, '**/api/announcements');
  const listingAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/my/listings/${listingId}`);
  await page.goto(`/listing-management/${listingId}/edit`);
  await listingAnswered;
  releaseFees();
  const protection = page.getByRole('combobox', { name: 'Protection period' });
  await protection.click();
  const fiveDays = page.getByRole('option', { name: '5 days' });
  await expect(fiveDays).toBeVisible();

  // The seller's announcements come, and their banner above the page: the field stays put, its list open.
  releaseAnnouncements();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  const tops = await page.evaluate(() => (window as unknown as { protectionTops: number[] }).protectionTops);
  expect(tops).toHaveLength(1);
  await expect(fiveDays).toBeVisible();
  await fiveDays.click();
  await expect(protection).toHaveValue('5 days');
});
