import { expect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertCompletedOrder, insertListing } from './support/listings-db';
import { postWithSession } from './support/session-api';
import { holdRequests } from './support/hold-requests';

test('a seller manages listings by status, a buyer reviews the sold one and the seller answers on their profile', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('both');
  const title = 'Fortnite account with Renegade Raider';
  const listingId = insertListing(seller.id, { title });
  insertListing(seller.id, {
    title: 'Fortnite account hidden by a moderator',
    status: 'hidden',
    hiddenReason: 'Screenshots look edited',
  });

  const sellerContext = await browser.newContext();
  await signInContext(sellerContext, baseURL!, seller.id);
  const sp = await sellerContext.newPage();
  await sp.goto('/listing-management');
  await expect(sp.getByRole('tab', { name: 'All (2)' })).toBeVisible();
  // Beside "New listing", how many of the server's limit the seller has; no warning while there is room.
  await expect(sp.getByRole('link', { name: 'New listing' })).toHaveAccessibleDescription('2 of 200 listings');
  await expect(sp.getByText('You have reached your listing limit')).toHaveCount(0);
  await expect(sp.getByText('Screenshots look edited')).toBeVisible();
  await sp.getByRole('button', { name: 'Actions for Fortnite account hidden by a moderator' }).click();
  await expect(sp.getByRole('menuitem', { name: 'Publish' })).toHaveCount(0);
  // Its editor says why and what the seller can do about it: nothing waits for a moderator unless they ask.
  await sp.getByRole('menuitem', { name: 'Edit' }).click();
  const hidden = sp.getByRole('alert').filter({ hasText: 'Hidden by a moderator' });
  await expect(hidden.getByText('Reason: Screenshots look edited', { exact: true })).toBeVisible();
  await expect(
    hidden.getByText('Fix what the reason names here and save, then ask a moderator to look at the listing again.'),
  ).toBeVisible();
  await expect(hidden.getByRole('button', { name: 'Ask for a review' })).toBeEnabled();
  await sp.goBack();

  const row = sp.getByRole('row').filter({ hasText: title });
  await sp.getByRole('button', { name: `Actions for ${title}` }).click();
  await sp.getByRole('menuitem', { name: 'Mark reserved' }).click();
  await expect(sp.getByText('Marked reserved.')).toBeVisible();
  await expect(row.getByText('Reserved')).toBeVisible();

  await sp.getByRole('button', { name: `Actions for ${title}` }).click();
  await sp.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(sp.getByText('Duplicated as a new draft.')).toBeVisible();
  await expect(sp.getByRole('tab', { name: 'Drafts (1)' })).toBeVisible();
  await expect(sp.getByRole('row').filter({ hasText: `${title} (copy)` })).toBeVisible();

  // The copy is listed first; the reserved original is the one to sell.
  await row
    .filter({ hasText: 'Reserved' })
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await sp.getByRole('menuitem', { name: 'Mark sold' }).click();
  const dialog = sp.getByRole('dialog', { name: 'Mark as sold?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark sold' }).click();
  await expect(sp.getByText('Marked sold.')).toBeVisible();
  await expect(sp.getByRole('tab', { name: 'Sold (1)' })).toBeVisible();

  // While the drafts load, the list before is gone (its sold original matched the copy's name), a status says so, and
  // the tab keeps its count and the focus.
  const releaseDrafts = await holdRequests(sp, '**/api/my/listings?status=draft');
  const draftsTab = sp.getByRole('tab', { name: 'Drafts (1)' });
  await draftsTab.click();
  await expect(sp).toHaveURL(/status=draft/);
  await expect(sp.getByRole('status', { name: 'Loading your listings' })).toBeVisible();
  const actions = sp.getByRole('button', { name: `Actions for ${title}` });
  await expect(actions).toHaveCount(0);
  await expect(sp.getByText('No listings here')).toHaveCount(0);
  await expect(draftsTab).toHaveAttribute('aria-selected', 'true');
  await expect(draftsTab).toBeFocused();
  releaseDrafts();
  await expect(sp.getByRole('status', { name: 'Loading your listings' })).toHaveCount(0);
  await actions.click();
  await sp.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = sp.getByRole('dialog', { name: 'Delete this listing?' });
  // Escape keeps the listing, and the focus goes back to the row's actions, not to the top of the page.
  await sp.keyboard.press('Escape');
  await expect(remove).toBeHidden();
  await expect(actions).toBeFocused();
  await actions.click();
  await sp.getByRole('menuitem', { name: 'Delete' }).click();
  await remove.getByRole('button', { name: 'Delete listing' }).click();
  await expect(sp.getByText('Listing deleted.')).toBeVisible();
  await expect(sp.getByText('No listings here')).toBeVisible();
  await expect(sp.getByRole('heading', { level: 1, name: 'My listings' })).toBeFocused();

  // The buyer of its completed order rates the seller on the sold listing.
  const buyer = createUser('buyer');
  insertCompletedOrder(listingId, buyer.id, seller.id);
  const buyerContext = await browser.newContext();
  await signInContext(buyerContext, baseURL!, buyer.id);
  const bp = await buyerContext.newPage();
  await bp.goto(`/account/${seller.id}/${listingId}`);
  await expect(bp.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bp.getByText('This account is sold.')).toBeVisible();
  const rate = bp.getByRole('region', { name: 'Rate the seller' });
  await rate.getByRole('button', { name: 'Publish review' }).click();
  await expect(rate.getByText('Choose a rating from 1 to 5')).toBeVisible();
  await rate.getByRole('radio', { name: '5 stars' }).focus();
  await bp.keyboard.press('Space');
  await rate.getByRole('textbox', { name: 'Your review' }).fill('Smooth handover, the email was changed in minutes.');
  await rate.getByRole('button', { name: 'Publish review' }).click();
  await expect(bp.getByText('Thank you for your review!')).toBeVisible();
  await expect(bp.getByRole('region', { name: 'Your review' })).toContainText('Smooth handover');
  await bp.getByRole('region', { name: 'About the seller' }).getByRole('link', { name: seller.displayName }).click();
  await expect(bp.getByRole('heading', { level: 1, name: seller.displayName })).toBeVisible();
  await expect(bp.getByText('1 review', { exact: true })).toBeVisible();
  await buyerContext.close();

  // The seller answers once, on their profile.
  await sp.goto(`/seller/${seller.id}`);
  const review = sp.getByRole('article', { name: `Review by ${buyer.displayName}` });
  await expect(review).toContainText('Smooth handover');
  await review.getByRole('textbox', { name: `Answer ${buyer.displayName}` }).fill('Thanks, enjoy the account!');
  await review.getByRole('button', { name: 'Publish answer' }).click();
  await expect(sp.getByText('Your answer is published.')).toBeVisible();
  await expect(review.getByText('Thanks, enjoy the account!')).toBeVisible();
  await expect(review.getByRole('button', { name: 'Publish answer' })).toHaveCount(0);
});

test('on a phone, a seller at the listing limit reads why the new listing was not saved beside its buttons, with the focus there', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = createUser('seller');
  for (let i = 0; i < 200; i++) insertListing(seller.id, { title: `Full shelf listing ${i}`, status: 'draft' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(context, baseURL!, seller.id);
  const page = await context.newPage();
  // Told on their listings, before they fill a form, how many they have and what to do.
  await page.goto('/listing-management');
  const newListing = page.getByRole('link', { name: 'New listing' });
  await expect(newListing).toHaveAccessibleDescription('200 of 200 listings');
  await expect(page.getByText('You have reached your listing limit')).toBeInViewport();
  await expect(
    page.getByText('You can have at most 200 listings. Delete listings you no longer need to add new ones.'),
  ).toBeInViewport();
  // Listed 25 at a time: while the next 25 load, the ones shown stay, with no loading status in their place.
  const cards = page.getByRole('list', { name: 'My listings' }).getByRole('article');
  await expect(cards).toHaveCount(25);
  const releaseMore = await holdRequests(page, '**/api/my/listings?status=all&cursor=*');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('button', { name: 'Load more' })).toBeDisabled();
  await expect(cards).toHaveCount(25);
  await expect(page.getByRole('status', { name: 'Loading your listings' })).toHaveCount(0);
  releaseMore();
  await expect(cards).toHaveCount(50);
  await newListing.click();
  const pick = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  // On a phone the form shows itself whole: the title's example is not cut, nor is the chosen delivery method,
  // whose options wrap; Publish leads on a row of its own, then Save draft and Cancel side by side.
  const title = page.getByRole('textbox', { name: 'Title' });
  const fitsPlaceholder = await title.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(input.placeholder).width <= room;
  });
  expect(fitsPlaceholder).toBe(true);
  const method = 'Full access (login and original email handed over)';
  await page.getByRole('combobox', { name: 'Delivery method' }).click();
  const option = page.getByRole('option', { name: method, exact: true });
  expect(await option.evaluate((o) => o.scrollWidth <= o.clientWidth)).toBe(true);
  await option.click();
  await expect(page.getByRole('form', { name: 'Listing details' }).getByText(method, { exact: true })).toBeVisible();
  const box = async (name: string) => (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  const [publish, draft] = [await box('Publish'), await box('Save draft')];
  const cancel = (await page.getByRole('link', { name: 'Cancel' }).boundingBox())!;
  expect(publish.y + publish.height).toBeLessThanOrEqual(draft.y);
  expect(Math.abs(draft.y - cancel.y)).toBeLessThan(2);
  expect(publish.width).toBeGreaterThan(draft.width + cancel.width);
  await title.fill('One listing too many');
  await pick('Category', 'Game account');
  await pick('Platform or game', 'Valorant');
  await pick('Region or server', 'Europe');
  await page.getByRole('textbox', { name: 'Price (USD)' }).fill('149');
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Immortal 2 peak with 45 skins, original email included.');
  await page.getByRole('button', { name: 'Save draft' }).click();

  // Said in the form beside the buttons the seller pressed, where it stays: not a toast gone in three seconds at the
  // top of a long form, with the focus dropped to the page.
  const refusal = page.getByRole('form', { name: 'Listing details' }).getByRole('alert');
  await expect(refusal).toHaveText(
    'You can have at most 200 listings. Delete listings you no longer need to add new ones.',
  );
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('One listing too many');
});

test('on a phone, the review count on a seller profile leads past the listings to the reviews', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  for (let i = 0; i < 12; i++) insertListing(seller.id, { title: `Shelf listing ${i}` });
  const sold = insertListing(seller.id, { title: 'Reviewed Fortnite account', status: 'sold' });
  insertCompletedOrder(sold, buyer.id, seller.id);
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInContext(buyerContext, baseURL!, buyer.id);
  const review = { rating: 5, comment: 'Quick handover, everything as described.' };
  expect((await postWithSession(buyerContext, baseURL!, `/api/listings/${sold}/reviews`, review)).status()).toBe(201);

  const page = await buyerContext.newPage();
  await page.goto(`/seller/${seller.id}`);
  await expect(page.getByRole('article', { name: 'Shelf listing 0' })).toBeVisible();
  const reviews = page.getByRole('heading', { level: 2, name: 'Reviews' });
  await expect(reviews).not.toBeInViewport();
  // A dozen listings, one under the other on a phone, stand between the rating and the reviews: the count leads there.
  await page.getByRole('link', { name: '1 review' }).click();
  await expect(reviews).toBeInViewport();
  await expect(reviews).toBeFocused();
  await expect(page.getByRole('article', { name: `Review by ${buyer.displayName}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/seller/${seller.id}$`));
});

test('a seller whose listing an admin hid meanwhile is told so, and the row shows it hidden without a reload', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('both');
  const title = 'Fortnite account with Black Knight';
  const listingId = insertListing(seller.id, { title });
  const sellerContext = await browser.newContext();
  await signInContext(sellerContext, baseURL!, seller.id);
  const sp = await sellerContext.newPage();
  await sp.goto('/listing-management');
  const row = sp.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Active')).toBeVisible();

  // An admin hides it while the seller's page still shows it for sale.
  const db = openE2eDb();
  db.prepare(
    `update listings set status = 'hidden', hidden_reason = 'Price looks like a scam', status_before_hidden = 'active'
     where id = ?`,
  ).run(listingId);
  db.close();

  await sp.getByRole('button', { name: `Actions for ${title}` }).click();
  await sp.getByRole('menuitem', { name: 'Mark reserved' }).click();
  await expect(
    sp.getByText(
      'An admin hid this listing, so its status cannot be changed. Edit it to fix the problem, then ask for a review.',
    ),
  ).toBeVisible();
  // The page reads the listing again: hidden, with the admin's reason, and no status change offered.
  await expect(row.getByText('Price looks like a scam')).toBeVisible();
  await expect(sp.getByRole('tab', { name: 'Hidden (1)' })).toBeVisible();
  await sp.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(sp.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(sp.getByRole('menuitem', { name: 'Mark reserved' })).toHaveCount(0);
});
