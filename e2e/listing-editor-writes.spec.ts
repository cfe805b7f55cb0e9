import sharp from 'sharp';
import { expect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { postWithSession } from './support/session-api';

const CHANGED_MEANWHILE = 'This was changed in the meantime. Reload the page and try again.';

test('a status chosen on a row another tab changed meanwhile is refused, and the row shows the status there is now', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const title = 'Apex Legends account with heirlooms';
  const listingId = insertListing(seller.id, { title, status: 'draft' });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto('/listing-management');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Draft')).toBeVisible();

  // Another tab publishes it and marks it reserved; this one still offers Publish on a draft.
  await postWithSession(context, baseURL!, `/api/listings/${listingId}/status`, { status: 'active' });
  await postWithSession(context, baseURL!, `/api/listings/${listingId}/status`, { status: 'reserved' });
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText(CHANGED_MEANWHILE)).toBeVisible();
  await expect(row.getByText('Reserved')).toBeVisible();
  const db = openE2eDb();
  expect(db.prepare('select status from listings where id = ?').get(listingId)).toEqual({ status: 'reserved' });
  db.close();
});

test('the editor keeps what the seller typed when reading the listing again fails', async ({ browser, baseURL }) => {
  const seller = createUser('seller');
  const listingId = insertListing(seller.id, { title: 'Overwatch account with golden guns', status: 'draft' });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto(`/listing-management/${listingId}/edit`);
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Overwatch account with every golden gun');

  // Removing a screenshot reads the listing again; that read fails (the network drops) while the form holds typing.
  await page.route(`**/api/my/listings/${listingId}`, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Remove screenshot 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove screenshot' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded again' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(title).toHaveValue('Overwatch account with every golden gun');
  await page.unroute(`**/api/my/listings/${listingId}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/${listingId}$`));
});

test('a new listing is saved once: a second press waits, and a press again after a lost reply finds the first', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto('/listing-management/new');
  const pick = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const titleText = 'Valorant account saved only once';
  await page.getByRole('textbox', { name: 'Title' }).fill(titleText);
  await pick('Category', 'Game account');
  await pick('Platform or game', 'Valorant');
  await pick('Region or server', 'Europe');
  await page.getByRole('textbox', { name: 'Price (USD)' }).fill('149');
  await page.getByRole('textbox', { name: 'Description' }).fill('Immortal 2 peak with 45 skins, original email.');

  // The first create reaches the server, but its reply is lost on the way back.
  let creates = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/listings', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creates += 1;
    if (creates > 1) return route.continue();
    await released;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title' }).press('Enter');
  release();
  await expect(page.getByRole('form', { name: 'Listing details' }).getByRole('alert')).toBeVisible();
  expect(creates).toBe(1);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/listing-management$/);
  expect(creates).toBe(2);
  const db = openE2eDb();
  const saved = db
    .prepare('select count(*) as n from listings where seller_id = ? and title = ?')
    .get(seller.id, titleText);
  db.close();
  expect(saved).toEqual({ n: 1 });
});

test('a screenshot the server refuses is said at once, and one that uploads is read out politely', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const listingId = insertListing(seller.id, { title: 'Rocket League account with titles', status: 'draft' });
  const context = await browser.newContext();
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto(`/listing-management/${listingId}/edit`);
  // Named a PNG but not one: only the server can tell, by its content.
  const broken = { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') };
  await page.locator('input[type="file"]').setInputFiles(broken);
  await expect(page.getByRole('alert').filter({ hasText: 'broken.png' })).toBeVisible();
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'rank.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('log', { name: 'Screenshot uploads' })).toContainText('rank.png uploaded.');
  await expect(page.getByRole('img', { name: /Screenshot 2/ })).toBeVisible();
});
