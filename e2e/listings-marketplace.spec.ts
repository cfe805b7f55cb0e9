import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from './support/test';
import { createUser, signInContext, signedInPage } from './support/db';
import { holdRequests } from './support/hold-requests';
import { insertListing } from './support/listings-db';
import { postWithSession } from './support/session-api';

test('a seller lists an account with a screenshot; a buyer finds it by search and filter, opens it and keeps it in favorites', async ({
  browser,
  baseURL,
}) => {
  const word = `Zephyr${randomBytes(3).toString('hex')}`;
  const title = `${word} Valorant account with rare knife`;
  const screenshot = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 40, b: 160 } },
  })
    .png()
    .toBuffer();

  // The seller creates the listing, adds a screenshot and publishes it.
  const seller = createUser('seller');
  const sellerContext = await browser.newContext();
  await signInContext(sellerContext, baseURL!, seller.id);
  const sp = await sellerContext.newPage();
  await sp.goto('/');
  await sp.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My listings' }).click();
  await expect(sp.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible();
  await expect(sp.getByText('You have no listings yet')).toBeVisible();
  await sp.getByRole('link', { name: 'New listing' }).click();
  await expect(sp.getByRole('heading', { level: 1, name: 'New listing' })).toBeVisible();

  // Publishing an empty form shows the errors next to the fields.
  await sp.getByRole('button', { name: 'Publish' }).click();
  await expect(sp.getByText('Title is required')).toBeVisible();
  await expect(sp.getByText('Choose a category')).toBeVisible();
  // The focus is on the first field to correct; correcting it takes its error away.
  await expect(sp.getByRole('textbox', { name: 'Title' })).toBeFocused();

  await sp.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(sp.getByText('Title is required')).toHaveCount(0);
  await expect(sp.getByText('Choose a category')).toBeVisible();
  // Leaving with work not saved asks first; staying keeps it.
  await sp.getByRole('link', { name: '← My listings' }).click();
  const leave = sp.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(
    leave.getByText('Your changes to this listing are not saved. If you leave now, they are lost.'),
  ).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  await expect(sp.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await sp.getByRole('combobox', { name: 'Category' }).click();
  await sp.getByRole('option', { name: 'Game account' }).click();
  await sp.getByRole('combobox', { name: 'Platform or game' }).click();
  await sp.getByRole('option', { name: 'Valorant' }).click();
  await sp.getByRole('combobox', { name: 'Region or server' }).click();
  await sp.getByRole('option', { name: 'Europe', exact: true }).click();
  await sp.getByRole('textbox', { name: 'Price (USD)' }).fill('149');
  await sp.getByRole('textbox', { name: 'Level or rank' }).fill('Immortal 2');
  // A whole number: a phone shows its digit keypad, not the decimal one.
  const items = sp.getByRole('textbox', { name: 'Items or skins' });
  await expect(items).toHaveAttribute('inputmode', 'numeric');
  await items.fill('87');
  await expect(sp.getByRole('textbox', { name: 'Account age (months)' })).toHaveAttribute('inputmode', 'numeric');
  await sp.getByRole('checkbox', { name: 'Original email included' }).check();
  await sp
    .getByRole('textbox', { name: 'Description' })
    .fill('Main account since beta.\nEvery agent unlocked, 87 skins including a rare knife.');
  await sp.locator('input[type="file"]').setInputFiles({ name: 'rank.png', mimeType: 'image/png', buffer: screenshot });
  await expect(sp.getByRole('img', { name: 'New screenshot rank.png' })).toBeVisible();
  await sp.getByRole('button', { name: 'Publish' }).click();
  await expect(sp.getByText('Your listing is live.')).toBeVisible();
  await expect(sp).toHaveURL(/\/listing-management$/);
  const row = sp.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(sp.getByRole('tab', { name: 'Active (1)' })).toBeVisible();
  await sellerContext.close();

  // A buyer finds it by search and filters; the state lives in the URL.
  const buyer = createUser('buyer');
  const buyerContext = await browser.newContext();
  await signInContext(buyerContext, baseURL!, buyer.id);
  const bp = await buyerContext.newPage();
  await bp.goto('/browse');
  await expect(bp.getByRole('heading', { level: 1, name: 'Browse accounts' })).toBeVisible();
  const search = bp.getByRole('searchbox', { name: 'Search accounts' });
  await search.fill(word.toLowerCase());
  await search.press('Enter');
  await expect(bp).toHaveURL(new RegExp(`q=${word.toLowerCase()}`));
  const filters = bp.getByRole('complementary', { name: 'Filter listings' });
  await filters.getByRole('combobox', { name: 'Category' }).click();
  await bp.getByRole('option', { name: 'Game account' }).click();
  await filters.getByRole('combobox', { name: 'Platform or game' }).click();
  await bp.getByRole('option', { name: 'Valorant' }).click();
  await filters.getByRole('textbox', { name: 'Max price' }).fill('200');
  await filters.getByRole('textbox', { name: 'Max price' }).press('Enter');
  await expect(bp).toHaveURL(/category=game/);
  await expect(bp).toHaveURL(/platform=valorant/);
  await expect(bp).toHaveURL(/max=200/);
  await expect(bp.getByRole('status').filter({ hasText: '1 account' })).toBeVisible();
  const results = bp.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article')).toHaveCount(1);

  // A filter that excludes it empties the results; back brings it again.
  await filters.getByRole('combobox', { name: 'Region' }).click();
  await bp.getByRole('option', { name: 'Asia', exact: true }).click();
  await expect(bp.getByText('No accounts match your search')).toBeVisible();
  await bp.goBack();
  await expect(results.getByRole('article')).toHaveCount(1);

  // The page's reply is a stored brotli stream with the viewer's fields appended uncompressed (decision 154).
  const detailReply = bp.waitForResponse((r) => /^\/api\/listings\/[^/]+$/.test(new URL(r.url()).pathname));
  await results.getByRole('link', { name: title }).click();
  expect(await (await detailReply).headerValue('content-encoding')).toBe('br');
  await expect(bp.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bp.getByRole('img', { name: 'Screenshot 1 of 1' })).toBeVisible();
  await expect(bp.getByText('Immortal 2')).toBeVisible();
  await expect(bp.getByRole('link', { name: 'Message the seller' })).toHaveAttribute('href', /\/chat\?listing=/);
  await expect(bp.getByRole('region', { name: 'About the seller' }).getByText(seller.displayName)).toBeVisible();

  await bp.getByRole('button', { name: `Add ${title} to favorites` }).click();
  await expect(bp.getByText('Saved to your favorites')).toBeVisible();
  await expect(bp.getByRole('button', { name: `Remove ${title} from favorites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Reporting needs a reason; the report reaches the moderators once.
  await bp.getByRole('button', { name: 'Report listing' }).click();
  const dialog = bp.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Misleading description or screenshots' }).check();
  await dialog
    .getByRole('textbox', { name: 'Details (optional)' })
    .fill('The rank in the title does not match the screenshot.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(bp.getByText('Thank you. Our moderators will review this listing.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await bp.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favorites' }).click();
  await expect(bp.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  const saved = bp.getByRole('article', { name: title });
  await expect(saved).toBeVisible();
  await expect(saved.getByText('Available')).toBeVisible();
  await expect(saved.getByText('$149')).toBeVisible();
});

test('the first results of /browse are asked for while the page is still loading, and the page shows them', async ({
  page,
}) => {
  // The page's code held back: the results must not wait for it.
  const release = await holdRequests(page, '**/assets/browse-page-*.js');
  const searches: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/listings') searches.push(url);
  });
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/listings');
  await page.goto('/browse?q=account&sort=price_asc', { waitUntil: 'commit' });
  const first = new URL((await asked).url());
  expect(first.searchParams.get('q')).toBe('account');
  expect(first.searchParams.get('sort')).toBe('price_asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse accounts' })).toHaveCount(0);
  release();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  // The page used the answer already on its way: one request for the first page.
  expect(searches.filter((u) => !u.searchParams.has('cursor'))).toHaveLength(1);

  // A new search on the page is the page's own query: no loading screen in between, the search box keeps its text.
  const box = page.getByRole('searchbox', { name: 'Search accounts' });
  await box.fill('steam');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=steam/);
  await expect(box).toHaveValue('steam');
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
});

test('a long seller name on a listing card is shown whole, wrapped within the card, on a phone and on a desktop', async ({
  browser,
  baseURL,
}) => {
  // 40 characters, the longest a display name may be, its first word wider than the card's footer.
  const tag = randomBytes(2).toString('hex');
  const name = `Wolfeschlegelsteinhausenbergerdorff ${tag}`;
  const seller = createUser('seller', name);
  const word = `Quokka${randomBytes(3).toString('hex')}`;
  const title = `${word} account of a long-named seller`;
  insertListing(seller.id, { title, priceCents: 12_500 });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, createUser('buyer').id);
  const page = await context.newPage();
  await page.goto(`/browse?q=${word}`);
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('article', { name: title });
  const shownName = card.getByText(name, { exact: true });
  for (const viewport of [null, { width: 1280, height: 800 }]) {
    if (viewport) await page.setViewportSize(viewport);
    await expect(shownName).toBeVisible();
    // None of it is cut: the element is as wide as its text, within the card, beside a price shown whole too.
    expect(
      await shownName.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
    ).toBe(true);
    const [s, c] = [(await shownName.boundingBox())!, (await card.boundingBox())!];
    expect(s.x).toBeGreaterThanOrEqual(c.x);
    expect(s.x + s.width).toBeLessThanOrEqual(c.x + c.width);
    await expect(card.getByText('$125', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  // On the seller's own page on a phone, the name as its heading wraps within the profile's card too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/seller/${seller.id}`);
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  const profile = page.getByRole('main').locator('.mantine-Card-root').first();
  const [h, p] = [(await heading.boundingBox())!, (await profile.boundingBox())!];
  expect(h.x + h.width).toBeLessThanOrEqual(p.x + p.width);
  expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();
});

test('a buyer removes a favorite on the favorites page by keyboard: the focus stays on the page, and the listing no longer shows it saved', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller');
  const kept = insertListing(seller.id, { title: `Kept favorite ${tag}` });
  const title = `Dropped favorite ${tag}`;
  const dropped = insertListing(seller.id, { title });
  const { context, page } = await signedInPage(browser, baseURL!, createUser('buyer').id);
  for (const listingId of [kept, dropped]) await postWithSession(context, baseURL!, '/api/favorites', { listingId });
  await page.goto(`/account/${seller.id}/${dropped}`);
  await expect(page.getByRole('button', { name: `Remove ${title} from favorites` })).toBeVisible();
  // Within the app (no reload), so the listing's page is still cached when the buyer comes back to it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favorites' }).click();
  const saved = page.getByRole('list', { name: 'Saved listings' });
  await saved.getByRole('button', { name: `Remove ${title} from favorites` }).press('Enter');
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  // Its row went with the focused button: the page's heading has the focus, not the page's body.
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${title} to favorites` })).toBeVisible();
});

test("on a phone, a listing's title and a moderator's reason without spaces wrap within the screen", async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller');
  // 86 characters, within the title's limit: a seller's underscores or a pasted link keep it one word.
  const title = `Fortnite_account_with_Galaxy_skin_OG_Renegade_Raider_and_200_skins_full_access_${tag}`;
  const link = `https://www.example.com/marketplace/listings/fortnite_galaxy_skin_og_renegade_raider_${tag}`;
  const listingId = insertListing(seller.id, { title, status: 'hidden', hiddenReason: `Copied from ${link}` });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  await page.goto(`/account/${seller.id}/${listingId}`);
  const heading = page.getByRole('heading', { level: 1, name: title });
  const reason = page.getByRole('alert').filter({ hasText: 'Hidden by a moderator' });
  await expect(reason).toContainText(link);
  for (const text of [heading, reason]) {
    // None of it cut off nor past the right edge.
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const box = (await text.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
