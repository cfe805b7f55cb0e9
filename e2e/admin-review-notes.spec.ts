import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { createFeedback, createListing, createReport } from './support/admin-data';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sendWithSession } from './support/session-api';

/**
 * Two admins review the same report (on a phone) and the same rate-us submission (on a desktop): the one whose note
 * was saved second is told, sees the other's note and keeps what they typed.
 */
const stale = 'Another admin changed this note in the meantime. Reload the note to see theirs before saving yours.';

async function otherAdmin(browser: import('@playwright/test').Browser, baseURL: string) {
  const other = await browser.newContext();
  await signInContext(other, baseURL, createUser('admin', 'Other Admin').id);
  return other;
}

/** The other admin saves their note over the empty one both admins opened. */
const saveElsewhere = (other: BrowserContext, baseURL: string, path: string, note: string) =>
  sendWithSession(other, baseURL, 'PATCH', path, { note, noteSeen: '' });

async function resolveConflict(page: Page, typed: string, theirs: string) {
  const review = page.getByRole('form', { name: 'Review' });
  const note = review.getByRole('textbox', { name: 'Note for the admins' });
  await review.getByRole('button', { name: 'Save' }).click();
  const refusal = review.getByRole('alert');
  await expect(refusal).toContainText(stale);
  await expect(refusal).toBeFocused();
  await expect(note).toHaveValue(typed);
  await refusal.getByRole('button', { name: 'Show the saved review' }).click();
  const saved = review.getByRole('region', { name: 'Saved by another admin' });
  await expect(saved).toContainText(`Note: ${theirs}`);
  await expect(saved).toBeFocused();
  // What this admin typed is still in the field, to merge with theirs.
  await expect(note).toHaveValue(typed);
  await expectNoSeriousA11yViolations(page);
  await note.fill(`${theirs} ${typed}`);
  await review.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a report note saved by another admin meanwhile is shown, and this admin’s text kept', async ({
    browser,
    baseURL,
  }) => {
    const admin = createUser('admin', 'Phone Reviewer');
    const seller = createUser('seller');
    const reporter = createUser('buyer');
    const listingId = createListing(seller.id, `Reviewed twice ${Date.now().toString(36)}`);
    const reportId = createReport('listing', listingId, reporter.id, 'stolen', 'This account was stolen from me.');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInContext(context, baseURL!, admin.id);
    const page = await context.newPage();
    await page.goto(`/admin/reports/${reportId}`);
    const note = page.getByRole('textbox', { name: 'Note for the admins' });
    await note.fill('Asked the seller for the original email.');

    const other = await otherAdmin(browser, baseURL!);
    await saveElsewhere(other, baseURL!, `/api/admin/reports/${reportId}`, 'Seller banned before.');
    await resolveConflict(page, 'Asked the seller for the original email.', 'Seller banned before.');
    const stored = await (await other.request.get(`/api/admin/reports/${reportId}`)).json();
    expect(stored.note).toBe('Seller banned before. Asked the seller for the original email.');
    await other.close();
    await context.close();
  });
});

test('a rate-us note saved by another admin meanwhile is shown in the dialog, and this admin’s text kept', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Desk Reviewer');
  const message = `Please add gift cards ${Date.now().toString(36)}`;
  const feedbackId = createFeedback(message);
  const context = await browser.newContext();
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  await page.goto('/admin/reports?tab=feedback');
  const card = page.locator('.mantine-Card-root').filter({ hasText: message });
  await card.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review rate-us submission' });
  await dialog.getByRole('textbox', { name: 'Note for the admins' }).fill('Forwarded to payments.');

  const other = await otherAdmin(browser, baseURL!);
  await saveElsewhere(other, baseURL!, `/api/admin/feedback/${feedbackId}`, 'Duplicate of an older request.');
  await resolveConflict(page, 'Forwarded to payments.', 'Duplicate of an older request.');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Note: Duplicate of an older request. Forwarded to payments.');
  await other.close();
  await context.close();
});
