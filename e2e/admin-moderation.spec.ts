import { adminWaitingReports, adminWaitingTotal, type AdminWaiting } from '@accountry/shared/admin-waiting';
import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { createConversation, createListing, createReport } from './support/admin-data';
import { expectNoSeriousA11yViolations } from './support/axe';
import { postWithSession } from './support/session-api';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone, an admin reads a reported conversation, reviews the report, then hides, unhides and deletes the listing', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Phone Admin');
  const seller = createUser('seller', 'Shady Seller');
  const buyer = createUser('buyer', 'Careful Buyer');
  const title = `Steam library ${Date.now().toString(36)}`;
  const listingId = createListing(seller.id, title);
  // A long conversation: the evidence is its newest message, below the fold of the scrolling area.
  const earlier = Array.from({ length: 20 }, (_, i) => ({ from: buyer.id, body: `Earlier question ${i + 1}` }));
  const conversationId = createConversation(listingId, buyer.id, seller.id, [
    ...earlier,
    { from: buyer.id, body: 'Does it come with the original email?' },
    { from: seller.id, body: 'Send the money by bank transfer and I will tell you.' },
  ]);
  createReport(
    'conversation',
    conversationId,
    buyer.id,
    'Asked to pay outside the site',
    'The seller wants a bank transfer.',
  );

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();

  // What waits for an admin (decision 186): the phone menu's Admin link carries the total, the Reports section its
  // open reports, and leads to them.
  const waiting = (await (await page.request.get('/api/admin/waiting')).json()) as AdminWaiting;
  const total = adminWaitingTotal(waiting);
  const reports = adminWaitingReports(waiting);
  expect(waiting.reports.conversation).toBeGreaterThanOrEqual(1);
  await page.goto('/');
  // The closed menu hides the Admin link: the burger shows the total and says it.
  const burger = page.getByRole('button', { name: `Open navigation, ${total} waiting for admins` });
  await expect(burger).toBeVisible();
  await expect(burger.locator('xpath=..').getByText(total > 99 ? '99+' : String(total), { exact: true })).toBeVisible();
  await burger.click();
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: `Admin (${total} waiting)` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: `Reports (${reports} waiting)` })).toBeVisible();
  // A member reports another listing while the admin looks: the server tells the admin's tab, whose count rises
  // without a reload (decision 189).
  const reporter = await browser.newContext();
  await signInContext(reporter, baseURL!, buyer.id);
  const laterListing = createListing(seller.id, `Reported later ${Date.now().toString(36)}`);
  await postWithSession(reporter, baseURL!, `/api/listings/${laterListing}/report`, {
    reason: 'misleading',
    message: 'The library is smaller than the photos show.',
  });
  await reporter.close();
  const open = reports + 1;
  const risen = sections.getByRole('link', { name: `Reports (${open} waiting)` });
  await expect(risen).toBeVisible();
  await risen.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/reports\?tab=(listing|conversation)$/);
  await page.getByRole('tab', { name: /^Conversations/ }).click();
  await page.getByRole('link', { name: 'Asked to pay outside the site' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asked to pay outside the site' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Reported messages' });
  await expect(messages.getByRole('listitem')).toHaveCount(22);
  await expect(messages.getByRole('listitem').last()).toContainText('Send the money by bank transfer');
  await expect(messages.getByRole('listitem').last()).toContainText('Shady Seller');
  // It opens at the newest message, and the keyboard reaches and scrolls the named area.
  const area = page.getByRole('region', { name: 'Reported messages, newest last' });
  await area.focus();
  await expect(area).toBeFocused();
  await expect(messages.getByRole('listitem').last()).toBeInViewport();
  await expect(messages.getByRole('listitem').first()).not.toBeInViewport();
  await page.keyboard.press('Home');
  await expect(messages.getByRole('listitem').first()).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  const review = page.getByRole('form', { name: 'Review' });
  await review.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  // A note too long (from a browser that does not stop the typing at the limit) is refused: the focus goes to it.
  const note = review.getByRole('textbox', { name: 'Note for the admins' });
  await note.evaluate((el) => el.removeAttribute('maxlength'));
  await note.fill('x'.repeat(2001));
  await review.getByRole('button', { name: 'Save' }).click();
  await expect(review.getByText('Keep the note under 2000 characters')).toBeVisible();
  await expect(note).toBeFocused();
  await note.fill('Warned the seller; watching the listing.');
  await review.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  // The form starts again with Save disabled: the focus is on its heading, not lost to the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Review' })).toBeFocused();
  await expect(page.getByText('In progress', { exact: true }).first()).toBeVisible();
  // Taken up, the report no longer waits: the count follows the admin's own decision.
  const left = open - 1;
  await expect(
    sections.getByRole('link', left ? { name: `Reports (${left} waiting)` } : { name: 'Reports', exact: true }),
  ).toBeVisible();

  // The listing: hidden with a reason the seller sees, shown again, then deleted.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Listings' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await expect(page).toHaveURL(/[?&]q=Steam/);
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  const card = page.locator('.mantine-Card-root').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('1 conversation · 0 open reports');
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  const hideDialog = page.getByRole('dialog', { name: 'Hide listing' });
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click();
  await expect(hideDialog.getByText('Please give the seller a reason (at least 3 characters)')).toBeVisible();
  await hideDialog
    .getByRole('textbox', { name: 'Reason shown to the seller' })
    .fill('Asking buyers to pay outside the site.');
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click();
  await expect(hideDialog).toBeHidden();
  await expect(card).toContainText('Hidden by admin');
  await expect(card).toContainText('Reason: Asking buyers to pay outside the site.');
  const actions = card.getByRole('button', { name: `Actions for ${title}` });
  await expect(actions).toBeFocused();

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Unhide' }).click();
  const unhideDialog = page.getByRole('dialog', { name: 'Unhide listing' });
  await expect(unhideDialog).toContainText(`“${title}” goes back on sale, visible to everyone as before.`);
  await unhideDialog.getByRole('button', { name: 'Unhide listing' }).click();
  await expect(card).toContainText('Active');
  await expect(card).not.toContainText('Reason:');
  await expect(actions).toBeFocused();

  // Another admin hides it meanwhile: this page still shows it on sale, and its hide is refused with the reason why;
  // the page then shows the listing as it is now, without a reload.
  const otherAdmin = await browser.newContext();
  await signInContext(otherAdmin, baseURL!, createUser('admin', 'Other Admin').id);
  await postWithSession(otherAdmin, baseURL!, `/api/admin/listings/${listingId}/hide`, {
    reason: 'Copied photos from another seller.',
  });
  await otherAdmin.close();
  await actions.click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await hideDialog.getByRole('textbox', { name: 'Reason shown to the seller' }).fill('Asking for payment by e-mail.');
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click();
  const refusal = hideDialog.getByText('This listing is already hidden.');
  await expect(refusal).toBeVisible();
  // Said once, in the dialog: no toast too (shown as the refusal arrives, gone in 3 s, so counted within 1 s).
  await expect(page.getByText('This listing is already hidden.')).toHaveCount(1, { timeout: 1000 });
  await expect(hideDialog.getByRole('alert')).toHaveText('This listing is already hidden.');
  // Not about the reason: the field is not marked wrong, and the focus is on the message, so it is read out.
  await expect(hideDialog.getByRole('textbox', { name: 'Reason shown to the seller' })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(refusal).toBeFocused();
  await expect(card).toContainText('Hidden by admin');
  await expect(card).toContainText('Reason: Copied photos from another seller.');
  await hideDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(hideDialog).toBeHidden();

  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete listing' });
  await expect(deleteDialog).toContainText('Its conversation stays readable. This cannot be undone.');
  await deleteDialog.getByRole('button', { name: 'Delete listing' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(card).toContainText('Deleted');
  await expect(card.getByRole('button', { name: `Actions for ${title}` })).toHaveCount(0);
  // A deleted listing has no actions left: the focus is on its row.
  await expect(page.locator(`[data-row-key="${listingId}"]`)).toBeFocused();

  // The search box follows the address: the section's link clears both.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Listings' }).click();
  await expect(page).toHaveURL(/\/admin\/listings$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  // The report now shows the listing's conversation still there, and the audit log has every step.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['Reviewed report', 'Hid listing', 'Unhid listing', 'Deleted listing']) {
    await expect(
      page.locator('.mantine-Card-root').filter({ hasText: action }).filter({ hasText: 'Phone Admin' }).first(),
    ).toBeVisible();
  }
});
