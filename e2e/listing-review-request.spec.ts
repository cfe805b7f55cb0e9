import type { Page } from '@playwright/test';
import type { AdminWaiting } from '@accountry/shared/admin-waiting';
import { expect, test } from './support/test';
import { createUser, signInContext, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { mailsTo } from './support/mailbox';
import { listingForEdit, postWithSession, sendWithSession } from './support/session-api';

/** A date as every page writes it ("5 Mar 2026"), in the browser's zone, which is this machine's. */
const day = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(ms);

const ASK = 'Fix what the reason names here and save, then ask a moderator to look at the listing again.';
const REQUESTED = (ms: number) =>
  `Review requested on ${day(ms)}. A moderator will look at the listing; you will get an email with the answer.`;
const REVIEWED_AS_IS =
  'A moderator looked at the listing as it is and kept it hidden. Change what the reason names and save, then ask again.';

/** The seller's page, once its socket has said hello: what it hears from then on is the point. */
async function openWithSocket(page: Page, path: string) {
  const hello = page
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"')));
  await page.goto(path);
  await hello;
}

test('a seller asks for a review of a hidden listing, a moderator keeps it hidden, and shows it once it is fixed', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller', 'Reviewed Seller');
  const admin = createUser('admin', 'Second Look Moderator');
  const title = `Review asked ${Date.now().toString(36)}`;
  const listingId = insertListing(seller.id, { title, status: 'active' });
  const a = await signedInPage(browser, baseURL!, admin.id);
  const firstReason = 'Screenshots show another account.';
  await postWithSession(a.context, baseURL!, `/api/admin/listings/${listingId}/hide`, { reason: firstReason });

  // The hidden listing's editor says why, and how to ask for another look.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await openWithSocket(s.page, `/listing-management/${listingId}/edit`);
  const hidden = s.page.getByRole('alert').filter({ hasText: 'Hidden by a moderator' });
  await expect(hidden.getByText(`Reason: ${firstReason}`, { exact: true })).toBeVisible();
  await expect(hidden.getByText(ASK, { exact: true })).toBeVisible();
  await hidden.getByRole('button', { name: 'Ask for a review' }).click();
  const dialog = s.page.getByRole('dialog', { name: 'Ask for a review' });
  await expect(dialog).toHaveAccessibleDescription(
    'A moderator looks at the listing as it is saved, then shows it to buyers again or tells you why it stays hidden.',
  );
  const note = dialog.getByRole('textbox', { name: 'What did you change? (optional)' });
  await expect(note).toBeFocused();
  await expect(note).toHaveAccessibleDescription('The moderator reads it with the listing. Up to 500 characters.');
  await expect(note).toHaveAttribute('maxlength', '500');
  const noteText = 'I took new screenshots <b>of this</b> account.';
  await note.fill(noteText);
  await expect(dialog.getByText(`${noteText.length} / 500`)).toBeVisible();
  const askedAt = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    s.page.getByText(
      'Review requested. A moderator will look at the listing, and you will get an email with the answer.',
    ),
  ).toBeVisible();
  await expect(hidden.getByText(REQUESTED(askedAt), { exact: true })).toBeVisible();
  await expect(hidden.getByRole('button', { name: 'Ask for a review' })).toHaveCount(0);
  // The focus does not drop to the page when the button that opened the dialog goes.
  await expect(hidden.getByText(REQUESTED(askedAt), { exact: true })).toBeFocused();

  // Their listings say it waits for a moderator.
  await s.page.getByRole('link', { name: '← My listings' }).click();
  const row = s.page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Review requested', { exact: true })).toBeVisible();

  // The admins are mailed, and the request waits in the admin area: the Listings section and the dashboard count it.
  await expect(async () => {
    const mail = (await mailsTo(a.context.request, admin.email, baseURL)).find((m) => m.subject.includes(title));
    expect(mail?.subject).toBe(`A hidden listing waits for another look: ${title}`);
    expect(mail?.text).toContain(
      `Reviewed Seller changed "${title}" and asked for it to be shown again. Their note: ${noteText}`,
    );
  }).toPass({ timeout: 10_000 });
  const waiting = (await (await a.page.request.get(`${baseURL}/api/admin/waiting`)).json()) as AdminWaiting;
  expect(waiting.listingReviews).toBeGreaterThanOrEqual(1);
  await a.page.goto('/admin');
  const sections = a.page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: `Listings (${waiting.listingReviews} waiting)` })).toHaveAttribute(
    'href',
    '/admin/listings?review=requested',
  );
  await a.page.getByRole('link', { name: /^Listings to review again/ }).click();
  await expect(a.page).toHaveURL(/\/admin\/listings\?review=requested$/);
  await expect(a.page.getByRole('combobox', { name: 'Review' })).toHaveValue('Review requested');
  const adminRow = a.page.getByRole('row').filter({ hasText: title });
  await expect(adminRow.getByText(`Review requested ${day(askedAt)}`, { exact: true })).toBeVisible();
  // The seller's words, as they typed them: no markup of theirs is drawn.
  await expect(adminRow.getByText(`Seller's note: ${noteText}`)).toBeVisible();
  await expect(adminRow.getByText(firstReason)).toBeVisible();

  // The moderator keeps it hidden: a reason is required, and the seller reads it.
  await a.page.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(a.page.getByRole('menuitem', { name: 'Unhide' })).toBeVisible();
  await a.page.getByRole('menuitem', { name: 'Keep hidden' }).click();
  const keep = a.page.getByRole('dialog', { name: 'Keep listing hidden' });
  const keepReason = keep.getByRole('textbox', { name: 'Reason shown to the seller' });
  await expect(keepReason).toBeFocused();
  await keepReason.fill('no');
  await keep.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(keep.getByText('Please tell the seller why it stays hidden (at least 3 characters)')).toBeVisible();
  await expect(keepReason).toBeFocused();
  const keptReason = 'The screenshots still show the level of another account.';
  await keepReason.fill(keptReason);
  // The seller saves a change just as the moderator confirms: what the moderator looked at is no longer what is saved.
  const own = await listingForEdit(s.context, baseURL!, listingId);
  const edited = { ...own.fields, description: `${own.fields.description}\nNew screenshots of the level.` };
  await a.page.route(
    `**/api/admin/listings/${listingId}/review-request/decline`,
    async (route) => {
      await sendWithSession(s.context, baseURL!, 'PUT', `/api/listings/${listingId}`, edited);
      return route.continue();
    },
    { times: 1 },
  );
  // The list as read once the change is saved: its row carries the version the change made.
  type Rows = { items: Array<{ id: string; contentVersion: number }> };
  const listReadAgain = a.page.waitForResponse(
    async (r) =>
      r.url().includes('/api/admin/listings?') &&
      ((await r.json()) as Rows).items.some((l) => l.id === listingId && l.contentVersion === own.contentVersion + 1),
  );
  await keep.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(keep.getByRole('alert')).toHaveText(
    'The seller changed the listing since your page loaded it. Look at it again, then decide.',
  );
  // Confirming again in the same dialog is refused the same way: it was opened on the content before the change.
  await keep.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(keep.getByRole('alert')).toHaveText(
    'The seller changed the listing since your page loaded it. Look at it again, then decide.',
  );
  await keep.getByRole('button', { name: 'Cancel' }).click();
  await expect(keep).toBeHidden();
  await listReadAgain;
  // Opened again on the list as it is now, the answer is taken.
  await a.page.getByRole('button', { name: `Actions for ${title}` }).click();
  await a.page.getByRole('menuitem', { name: 'Keep hidden' }).click();
  await keepReason.fill(keptReason);
  await keep.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(keep).toBeHidden();
  await expect(a.page.getByText('The listing stays hidden. Its seller was told why.')).toBeVisible();
  // Answered, it no longer waits.
  await expect(adminRow).toHaveCount(0);

  // The seller's open page hears it and reads their listings again; the editor has the new reason, and the ask waits
  // for a change.
  await expect(
    s.page.getByText(`A moderator looked at “${title}” again and kept it hidden. Reason: ${keptReason}`),
  ).toBeVisible();
  await expect(row.getByText('Review requested', { exact: true })).toHaveCount(0);
  await expect(row.getByText(keptReason)).toBeVisible();
  await s.page.getByRole('button', { name: `Actions for ${title}` }).click();
  await s.page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(hidden.getByText(`Reason: ${keptReason}`, { exact: true })).toBeVisible();
  await expect(hidden.getByText(REVIEWED_AS_IS, { exact: true })).toBeVisible();
  const askAgain = hidden.getByRole('button', { name: 'Ask for a review' });
  await expect(askAgain).toBeDisabled();
  await expect(askAgain).toHaveAccessibleDescription(REVIEWED_AS_IS);
  await askAgain.click({ force: true });
  await expect(s.page.getByRole('dialog')).toHaveCount(0);
  await expect(async () => {
    const mail = (await mailsTo(s.context.request, seller.email, baseURL)).find(
      (m) => m.subject === `Your listing stays hidden: ${title}`,
    );
    expect(mail?.text).toContain(`Reason: ${keptReason}`);
  }).toPass({ timeout: 10_000 });

  // They change it and save; then the ask is theirs again.
  const description = s.page.getByRole('textbox', { name: 'Description' });
  await description.fill('Stacked locker with rare skins.\nScreenshots retaken from this account today.');
  await s.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(s.page.getByText('Changes saved.')).toBeVisible();
  // The listing's page, where a save lands, leads back to the ask.
  await s.page.getByRole('link', { name: 'Fix it and ask for a review' }).click();
  await expect(hidden.getByText(ASK, { exact: true })).toBeVisible();
  await expect(askAgain).toBeEnabled();

  // Asked meanwhile from another tab: this one's Send is refused with why, and the page shows the request.
  await askAgain.click();
  await expect(dialog).toBeVisible();
  const contentVersion = (
    (await (await s.page.request.get(`${baseURL}/api/my/listings/${listingId}`)).json()) as {
      contentVersion: number;
    }
  ).contentVersion;
  await postWithSession(s.context, baseURL!, `/api/listings/${listingId}/review-request`, { contentVersion });
  const askedAgainAt = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toHaveText('You already asked for a review of this listing. A moderator will look at it soon.');
  await expect(refusal).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(hidden.getByText(REQUESTED(askedAgainAt), { exact: true })).toBeVisible();
  await expect(askAgain).toHaveCount(0);

  // The moderator shows it again: the request ends with the hide, and buyers see the listing.
  await a.page.goto('/admin/listings?review=requested');
  await expect(adminRow.getByText(`Review requested ${day(askedAgainAt)}`, { exact: true })).toBeVisible();
  await expect(adminRow.getByText("Seller's note:")).toHaveCount(0);
  await a.page.getByRole('button', { name: `Actions for ${title}` }).click();
  await a.page.getByRole('menuitem', { name: 'Unhide' }).click();
  const unhide = a.page.getByRole('dialog', { name: 'Unhide listing' });
  await unhide.getByRole('button', { name: 'Unhide listing' }).click();
  await expect(a.page.getByText('The listing is visible again.')).toBeVisible();
  await expect(adminRow).toHaveCount(0);
  await expect(s.page.getByText(`A moderator made “${title}” visible to buyers again.`)).toBeVisible();
  await expect(hidden).toHaveCount(0);

  const { page: v } = await signedInPage(browser, baseURL!, createUser('buyer').id);
  await v.goto(`/account/${seller.id}/${listingId}`);
  await expect(v.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(v.getByText('Hidden by a moderator')).toHaveCount(0);

  const log = a.page;
  await log.goto('/admin/audit');
  await expect(
    log
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'Kept listing hidden after review' })
      .filter({ hasText: title }),
  ).toBeVisible();
});

test('on a phone, the seller asks by keyboard and the moderator keeps the listing hidden from its card', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const admin = createUser('admin');
  const title = `Phone review ${Date.now().toString(36)}`;
  const listingId = insertListing(seller.id, { title, status: 'active' });
  const a = await signedInPage(browser, baseURL!, admin.id);
  await postWithSession(a.context, baseURL!, `/api/admin/listings/${listingId}/hide`, { reason: 'Wrong platform.' });

  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const sellerContext = await browser.newContext(phone);
  await signInContext(sellerContext, baseURL!, seller.id);
  const page = await sellerContext.newPage();
  await page.goto(`/listing-management/${listingId}/edit`);
  const ask = page.getByRole('button', { name: 'Ask for a review' });
  await ask.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ask for a review' });
  const note = dialog.getByRole('textbox', { name: 'What did you change? (optional)' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Moved it to the right platform.');
  const send = dialog.getByRole('button', { name: 'Send' });
  // Within the screen, no sideways scrolling.
  const box = (await send.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(REQUESTED(Date.now()), { exact: true })).toBeVisible();

  const adminContext = await browser.newContext(phone);
  await signInContext(adminContext, baseURL!, admin.id);
  const ap = await adminContext.newPage();
  await ap.goto(`/admin/listings?review=requested&q=${encodeURIComponent(title)}`);
  const card = ap.locator('.mantine-Card-root').filter({ hasText: title });
  await expect(card.getByText(`Review requested ${day(Date.now())}`, { exact: true })).toBeVisible();
  await expect(card.getByText("Seller's note: Moved it to the right platform.")).toBeVisible();
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await ap.getByRole('menuitem', { name: 'Keep hidden' }).click();
  const keep = ap.getByRole('dialog', { name: 'Keep listing hidden' });
  await keep.getByRole('textbox', { name: 'Reason shown to the seller' }).fill('Still the wrong platform.');
  await keep.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(ap.getByText('The listing stays hidden. Its seller was told why.')).toBeVisible();
  expect(await ap.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
