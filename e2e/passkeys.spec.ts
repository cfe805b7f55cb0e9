import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MAX_PASSKEYS, PASSKEY_MESSAGES, PASSKEY_ROUTES } from '@accountry/shared/passkeys';
import { createUser, openE2eDb, signInContext } from './support/db';
import { expectNoSeriousA11yViolations } from './support/axe';
import { appCode, turnOnTwoFactor } from './support/two-factor';
import { mailsTo } from './support/mailbox';

/** Chromium's virtual authenticator for the page: a device with a screen lock that the person always unlocks. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** Whether the person unlocks the device when asked; when not, the browser's request fails as if canceled. */
    unlocks: (isUserVerified: boolean) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
    /** Whether the person touches the device at once; when not, the browser's request waits for them. */
    touches: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

/** Signs in with the password through the form, from the sign-in page a visit to /profile leads to. */
async function signInToProfile(page: Page, user: { email: string; password: string }) {
  await page.goto('/signin?returnTo=%2Fprofile');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

async function signOut(page: Page, displayName: string) {
  await page.getByRole('button', { name: `Account menu for ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

const mailSubjects = async (page: Page, to: string) => (await mailsTo(page.request, to)).map((m) => m.subject);

test('a member adds a passkey, renames it, signs in with it and removes it', async ({ page }) => {
  test.setTimeout(90_000);
  const user = createUser('buyer', 'Pia Passkey');
  const authenticator = await addVirtualAuthenticator(page);

  await signInToProfile(page, user);

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(
    section.getByText('Sign in with your fingerprint, face or screen lock instead of your password.', { exact: false }),
  ).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'profile with no passkeys');

  const add = section.getByRole('button', { name: 'Add a passkey' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  const password = dialog.getByRole('textbox', { name: 'Current password' });
  await expect(password).toBeFocused();
  // Read out with what it asks, not with its fields and buttons.
  await expect(dialog).toHaveAccessibleDescription(
    'Confirm it is you, then follow your browser’s steps: it may ask for your fingerprint, face or screen lock, or ' +
      'offer to keep the passkey on your phone or a security key.',
  );
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Chrome on Linux');
  // No two-factor sign-in on this account: no code is asked for.
  await expect(dialog.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'add-a-passkey dialog');

  await password.fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();

  // The person does not unlock the device: the browser's request fails, and the dialog says so.
  await authenticator.unlocks(false);
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The passkey request was canceled or timed out. Your password was accepted. Choose Add passkey to try your ' +
      'browser’s steps again.',
  );
  await expect(password).toBeFocused();

  await authenticator.unlocks(true);
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  const list = section.getByRole('list', { name: 'Your passkeys' });
  const chrome = list.getByRole('listitem', { name: 'Chrome on Linux' });
  await expect(chrome).toContainText('Never used');
  await expect(chrome).toContainText('Added ');
  await expect.poll(() => mailSubjects(page, user.email)).toContain('A passkey was added to your Accountry account');

  // The same device cannot hold a second passkey for the account.
  await add.click();
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.alreadyAdded);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(add).toBeFocused();

  await chrome.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  const name = rename.getByRole('textbox', { name: 'Name' });
  await expect(name).toBeFocused();
  await expect(rename).toHaveAccessibleDescription(
    'A name tells your passkeys apart, such as the device or password manager that keeps it.',
  );
  await name.fill(' ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText(PASSKEY_MESSAGES.nameMissing)).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(PASSKEY_MESSAGES.nameMissing);
  await name.fill('Work laptop');
  await name.press('Enter');
  await expect(page.getByText(PASSKEY_MESSAGES.renamed)).toBeVisible();
  const laptop = list.getByRole('listitem', { name: 'Work laptop' });
  await expect(laptop.getByRole('button', { name: 'Rename Work laptop' })).toBeFocused();

  // Signed out, the passkey signs in alone: no email, no password, and back to where the sign-in was asked from.
  await signOut(page, user.displayName);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
  await expectNoSeriousA11yViolations(page, 'sign-in with the passkey button');
  // Not unlocked (or no passkey on this device): the page says what to do instead, and the button is ready again.
  await authenticator.unlocks(false);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No passkey was used. If you have not added one on this device, sign in with your email and password, then add ' +
      'one from your profile.',
  );
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeFocused();
  await authenticator.unlocks(true);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.displayName}` })).toBeVisible();
  await expect(laptop).toContainText('Last used ');
  await expect(laptop).not.toContainText('Never used');

  await laptop.getByRole('button', { name: 'Remove Work laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this passkey?' });
  const confirm = remove.getByRole('textbox', { name: 'Current password' });
  await expect(confirm).toBeFocused();
  await expect(remove).toHaveAccessibleDescription(
    'Work laptop will no longer sign in to your account. Your device or password manager may still show it: you ' +
      'can delete it there too.',
  );
  await expectNoSeriousA11yViolations(page, 'remove-passkey dialog');
  await confirm.fill('Not-My-Password-1');
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(remove.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(confirm).toBeFocused();
  await confirm.fill(user.password);
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  await expect(list).toHaveCount(0);
  // The Remove button went with the passkey: the focus goes to the card's add button, not to the page.
  await expect(add).toBeFocused();
  await expect
    .poll(() => mailSubjects(page, user.email))
    .toContain('A passkey was removed from your Accountry account');

  // The device still holds the passkey, but the account no longer knows it.
  await signOut(page, user.displayName);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.unknown);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page).toHaveURL(/\/signin$/);
});

test('with two-factor sign-in on, adding a passkey takes a code, and the passkey then signs in without one', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('seller', 'Tove Twofold');
  await signInContext(context, baseURL!, user.id);
  const secret = await turnOnTwoFactor(context, baseURL!, user);
  await addVirtualAuthenticator(page);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  const code = dialog.getByRole('textbox', { name: 'Code from your authenticator app' });
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(dialog.getByText('Enter the code.')).toBeVisible();
  await expect(code).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'add-a-passkey dialog with a code');

  // The code that turned it on was spent; a wrong one is refused, the app's next one is accepted.
  await code.fill(appCode(secret, 1) === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(dialog.getByText('That code is not right.', { exact: false })).toBeVisible();
  await expect(code).toBeFocused();
  await code.fill(appCode(secret, 1));
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(section.getByRole('listitem', { name: 'Chrome on Linux' })).toBeVisible();

  await signOut(page, user.displayName);
  await page.goto('/signin');
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.displayName}` })).toBeVisible();
  // Remember me holds for a passkey too: a cookie that outlives the browser.
  const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
  expect(sid.expires * 1000).toBeGreaterThan(Date.now() + 24 * 3600_000);
});

test('a member cancels while the browser waits for the device, and the next try adds the passkey', async ({ page }) => {
  const user = createUser('buyer', 'Cato Cancel');
  const authenticator = await addVirtualAuthenticator(page);
  await signInToProfile(page, user);

  // The device is not touched: the browser's request waits, and Cancel stays usable while it does.
  await authenticator.touches(false);
  const section = page.getByRole('region', { name: 'Passkeys' });
  const add = section.getByRole('button', { name: 'Add a passkey' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Add passkey' })).toHaveAttribute('data-loading', 'true');
  await cancel.click();
  await expect(dialog).toBeHidden();
  // Canceling is not an error, and nothing was added.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);

  // The canceled request does not block the next one.
  await authenticator.touches(true);
  await add.click();
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await dialog.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
});

/** Passkeys the member already has, written straight to the database: the journey is not about adding them. */
function givePasskeys(userId: string, names: string[]) {
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into passkeys (id, user_id, credential_id, public_key, counter, transports, synced, name, created_at)
     values (?, ?, ?, 'unused', 0, '[]', 0, ?, ?)`,
  );
  const now = Date.now();
  const ids = names.map((name, i) => {
    const id = randomBytes(12).toString('base64url');
    insert.run(id, userId, randomBytes(16).toString('base64url'), name, now - (names.length - i) * 60_000);
    return id;
  });
  db.close();
  return ids;
}

test('with the most passkeys an account may have, the card says so, and removing one brings back the add button with the focus', async ({
  page,
  baseURL,
}) => {
  const user = createUser('buyer', 'Max Passkeys');
  const names = Array.from({ length: MAX_PASSKEYS }, (_, i) => `Key ${i + 1}`);
  const ids = givePasskeys(user.id, names);
  await signInContext(page.context(), baseURL!, user.id);
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'Passkeys' });
  const list = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(list).toHaveCount(MAX_PASSKEYS);
  // In place of the add button, what to do first.
  await expect(section.getByText(PASSKEY_MESSAGES.tooMany)).toBeVisible();
  const add = section.getByRole('button', { name: 'Add a passkey' });
  await expect(add).toHaveCount(0);

  // Removed on another device while this dialog was open: the dialog closes with the list caught up, and the focus,
  // whose Remove button went with the passkey, goes to the add button now back rather than to the page.
  await section.getByRole('button', { name: `Remove Key ${MAX_PASSKEYS}` }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await remove.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  const db = openE2eDb();
  db.prepare('delete from passkeys where id = ?').run(ids[MAX_PASSKEYS - 1]);
  db.close();
  // The list answers slowly, as a busy server does: the dialog waits for it rather than closing on the stale list.
  const listUrl = (url: URL) => url.pathname === PASSKEY_ROUTES.list;
  await page.route(listUrl, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await remove.getByRole('button', { name: 'Remove passkey' }).press('Enter');
  await expect(page.getByText(PASSKEY_MESSAGES.notFound)).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(list).toHaveCount(MAX_PASSKEYS - 1);
  await expect(section.getByText(PASSKEY_MESSAGES.tooMany)).toHaveCount(0);
  await expect(add).toBeFocused();
  await page.unroute(listUrl);

  // Back at the most, and one removed here: the same.
  givePasskeys(user.id, [`Key ${MAX_PASSKEYS + 1}`]);
  await page.reload();
  await expect(section.getByText(PASSKEY_MESSAGES.tooMany)).toBeVisible();
  await section.getByRole('button', { name: `Remove Key ${MAX_PASSKEYS + 1}` }).click();
  await remove.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await remove.getByRole('button', { name: 'Remove passkey' }).press('Enter');
  await expect(page.getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  await expect(list).toHaveCount(MAX_PASSKEYS - 1);
  await expect(section.getByText(PASSKEY_MESSAGES.tooMany)).toHaveCount(0);
  await expect(add).toBeFocused();
});
