import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SIGN_IN_MESSAGES } from '@accountry/shared/auth-messages';
import { adminWaitingTotal } from '@accountry/shared/admin-waiting';
import { changeNextBody } from './support/change-request';
import { createUser, openE2eDb, signInContext, E2E_PASSWORD } from './support/db';
import { createListing } from './support/admin-data';
import { postWithSession } from './support/session-api';

/** Open a user's admin page from the Users section by searching their email. */
async function openUser(page: Page, email: string, name: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin disables one user, whose open session ends at once, and deletes another; sign-in tells each why', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Journey Admin');
  const disabled = createUser('seller', 'Disabled Dana');
  const deleted = createUser('buyer', 'Deleted Dev');

  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  const adminPage = await adminContext.newPage();
  const userContext = await browser.newContext();
  await signInContext(userContext, baseURL!, disabled.id);
  const userPage = await userContext.newPage();

  // The user is signed in and browsing.
  await userPage.goto('/about');
  await expect(userPage.getByRole('button', { name: `Account menu for ${disabled.displayName}` })).toBeVisible();

  // The admin reaches the admin area from the header and disables the user.
  await adminPage.goto('/');
  // The link carries the count of what waits for an admin (decision 186), in words a screen reader reads.
  const total = adminWaitingTotal(await (await adminPage.request.get('/api/admin/waiting')).json());
  const adminLink = adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
  await expect(adminLink).toHaveAccessibleName(total ? `Admin (${total} waiting)` : 'Admin');
  await adminLink.click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await openUser(adminPage, disabled.email, disabled.displayName);
  // A balance update with no amount: the focus goes to the field to fix.
  const credit = adminPage.getByRole('form', { name: 'Credit the balance' });
  await credit.getByRole('button', { name: 'Update balance' }).click();
  await expect(credit.getByRole('textbox', { name: 'Amount (USD)' })).toBeFocused();
  // A correction the balance cannot take: a refusal about no field, said once in the dialog, with the focus on it.
  await credit.getByRole('textbox', { name: 'Amount (USD)' }).fill('-5');
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Duplicate transfer');
  await credit.getByRole('button', { name: 'Update balance' }).click();
  const correcting = adminPage.getByRole('dialog', { name: 'Correct the balance?' });
  await correcting.getByRole('button', { name: 'Correct balance' }).click();
  await expect(correcting.getByRole('alert')).toHaveText('This correction would make the balance negative.');
  await expect(correcting.getByRole('alert')).toBeFocused();
  await expect(adminPage.getByText('This correction would make the balance negative.')).toHaveCount(1);
  await correcting.getByRole('button', { name: 'Cancel' }).click();
  // A refusal about the amount, as the server checks it: the form must change, so the dialog closes and the message is
  // said once, on the field, which has the focus.
  await credit.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
  await credit.getByRole('button', { name: 'Update balance' }).click();
  const crediting = adminPage.getByRole('dialog', { name: 'Credit the balance?' });
  await changeNextBody(adminPage, `**/api/admin/users/${disabled.id}/balance-credits`, (body) => ({
    ...body,
    amountCents: 0,
  }));
  await crediting.getByRole('button', { name: 'Credit balance' }).click();
  await expect(crediting).toBeHidden();
  const amountRefused = 'Enter an amount between 1 cent and $100,000.00 (negative to correct).';
  await expect(adminPage.getByText(amountRefused)).toHaveCount(1);
  await expect(credit.getByText(amountRefused)).toBeVisible();
  await expect(credit.getByRole('textbox', { name: 'Amount (USD)' })).toBeFocused();
  await expect(credit.getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute('aria-invalid', 'true');
  // The role saved, Change role is disabled: the focus goes to the field showing the new role.
  await adminPage.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Buyer', exact: true }).click();
  await adminPage.getByRole('button', { name: 'Change role' }).click();
  await adminPage.getByRole('dialog', { name: 'Change role' }).getByRole('button', { name: 'Change role' }).click();
  await expect(adminPage.getByText(`${disabled.displayName} is now buyer.`)).toBeVisible();
  await expect(adminPage.getByRole('combobox', { name: 'Role' })).toBeFocused();
  await expect(adminPage.getByRole('combobox', { name: 'Role' })).toHaveValue('Buyer');
  await adminPage.getByRole('button', { name: 'Disable account' }).click();
  const disableDialog = adminPage.getByRole('dialog', { name: 'Disable account' });
  await expect(disableDialog.getByText('signed out everywhere at once')).toBeVisible();
  // The dialog says what happens to the account's open orders (decision 169): Dana has none.
  await expect(disableDialog.getByText('They have no open orders.')).toBeVisible();
  await disableDialog.getByRole('textbox', { name: 'Reason (kept in the audit log)' }).fill('Chargeback fraud');
  await disableDialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(disableDialog).toBeHidden();
  await expect(adminPage.getByText('Disabled', { exact: true }).first()).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Enable account' })).toBeVisible();

  // The user's session has ended: their next navigation finds them signed out.
  await userPage.goto('/profile');
  await expect(userPage).toHaveURL(/\/signin\?returnTo=%2Fprofile/);
  await expect(userPage.getByRole('button', { name: `Account menu for ${disabled.displayName}` })).toHaveCount(0);
  await userPage.getByRole('textbox', { name: 'Email' }).fill(disabled.email);
  await userPage.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(userPage.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.disabled })).toHaveText(
    SIGN_IN_MESSAGES.disabled,
  );

  // The admin deletes the other user after confirming.
  await openUser(adminPage, deleted.email, deleted.displayName);
  const deleteDialog = adminPage.getByRole('dialog', { name: 'Delete account' });
  // The dialog has opened when the focus is in its reason field, and only then is a button in it pressed: a click
  // right after the opening was lost in full runs (the dialog stayed open, and once nothing was sent).
  const openDeleteDialog = async () => {
    await adminPage.getByRole('button', { name: 'Delete account' }).click();
    await expect(deleteDialog.getByRole('textbox', { name: 'Reason (kept in the audit log)' })).toBeFocused();
  };
  await openDeleteDialog();
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(adminPage.getByRole('button', { name: 'Delete account' })).toBeVisible();
  await openDeleteDialog();
  await deleteDialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(adminPage.getByRole('button', { name: 'Restore account' })).toBeVisible();

  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, deleted.email);
  await expect(otherPage.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.deleted })).toHaveText(
    SIGN_IN_MESSAGES.deleted,
  );

  // Both actions are in the audit log, with who did them.
  await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click();
  const log = adminPage.getByRole('table', { name: 'Audit log' });
  await expect(
    log.getByRole('row').filter({ hasText: 'Disabled account' }).filter({ hasText: 'Journey Admin' }),
  ).toHaveCount(1);
  await expect(
    log.getByRole('row').filter({ hasText: 'Deleted account' }).filter({ hasText: 'Journey Admin' }),
  ).toHaveCount(1);
});

test('an admin cannot make a seller with a listing for sale a buyer: the dialog says why and nothing changes', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Journey Admin');
  const seller = createUser('seller', 'Selling Sol');
  createListing(seller.id, 'Steam library with 40 games');
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await openUser(adminPage, seller.email, seller.displayName);

  await adminPage.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Buyer', exact: true }).click();
  await adminPage.getByRole('button', { name: 'Change role' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Change role' });
  await dialog.getByRole('button', { name: 'Change role' }).click();
  const refusal =
    'This member has listings for sale. Hide them on the Listings page, or wait for their orders to finish, before ' +
    'you take selling away from them.';
  // Said in the dialog, which stays open with the focus on the message.
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  await expect(dialog.getByRole('alert')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await adminPage.reload();
  await expect(adminPage.getByRole('combobox', { name: 'Role' })).toHaveValue('Seller');
});

test('what an admin is told matches what happens: a suspended account restored, a draft unhidden, active listings', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin', 'Journey Admin');
  const member = createUser('seller', 'Suspended Sue');
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  const adminPage = await adminContext.newPage();
  const post = (path: string, data: object = {}) => postWithSession(adminContext, baseURL!, path, data);

  // Disabled, then deleted: restoring brings the account back still disabled, and the dialog says so.
  expect((await post(`/api/admin/users/${member.id}/disable`)).ok()).toBe(true);
  expect((await post(`/api/admin/users/${member.id}/delete`)).ok()).toBe(true);
  await adminPage.goto('/admin');
  await openUser(adminPage, member.email, member.displayName);
  await adminPage.getByRole('button', { name: 'Restore account' }).click();
  const restore = adminPage.getByRole('dialog', { name: 'Restore account' });
  await expect(restore).toContainText(
    `${member.displayName} comes back still disabled: they cannot sign in, and their listings stay hidden, until you ` +
      'enable the account.',
  );
  await restore.getByRole('button', { name: 'Restore account' }).click();
  await expect(restore).toBeHidden();
  await expect(adminPage.getByRole('button', { name: 'Enable account' })).toBeVisible();

  // A hidden draft unhidden goes back to its seller's drafts, and the confirmation says that, not "visible again".
  const seller = createUser('seller', 'Drafting Dora');
  const draft = `Unfinished Steam account ${seller.id.slice(0, 4)}`;
  const draftId = createListing(seller.id, draft);
  const db = openE2eDb();
  db.prepare(`update listings set status = 'draft' where id = ?`).run(draftId);
  db.close();
  expect(
    (await post(`/api/admin/listings/${draftId}/hide`, { reason: 'Screenshots show another account.' })).ok(),
  ).toBe(true);
  await adminPage.goto(`/admin/listings?q=${encodeURIComponent(draft)}`);
  await adminPage.getByRole('button', { name: `Actions for ${draft}` }).click();
  await adminPage.getByRole('menuitem', { name: 'Unhide' }).click();
  const unhide = adminPage.getByRole('dialog', { name: 'Unhide listing' });
  await unhide.getByRole('button', { name: 'Unhide listing' }).click();
  await expect(adminPage.getByText("The listing is back in its seller's drafts.")).toBeVisible();

  // The dashboard's active listings open the active ones only: a deleted listing is not among them.
  const gone = `Deleted Steam account ${seller.id.slice(0, 4)}`;
  const goneId = createListing(seller.id, gone);
  expect((await post(`/api/admin/listings/${goneId}/delete`, { reason: 'Stolen account.' })).ok()).toBe(true);
  await adminPage.goto('/admin');
  await adminPage.getByRole('link', { name: /Active listings/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/listings\?status=active&deleted=no$/);
  await expect(adminPage.getByRole('row').nth(1)).toBeVisible();
  await expect(adminPage.getByText(gone)).toHaveCount(0);
});
