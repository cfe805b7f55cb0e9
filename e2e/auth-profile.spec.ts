import { expect, test } from './support/test';
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { holdRequests } from './support/hold-requests';
import { createUser, signInContext } from './support/db';
import { creditBalance } from './support/orders';
import { openMail } from './support/mailbox';

test('a member edits the profile, changes the password and signs out everywhere', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const user = createUser('buyer', 'Pat Profile');
  await signInContext(context, baseURL!, user.id);
  const otherDevice = await browser.newContext({ baseURL });
  await signInContext(otherDevice, baseURL!, user.id, true);
  const other = await otherDevice.newPage();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const details = page.getByRole('form', { name: 'Profile details' });
  await details.getByRole('textbox', { name: 'Phone number' }).fill('call me');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    details.getByText('Enter a valid phone number: 7 to 15 digits, optionally starting with +'),
  ).toBeVisible();

  await details.getByRole('textbox', { name: 'Display name' }).fill('Pat Trader');
  await details.getByRole('textbox', { name: 'Phone number' }).fill('+44 20 7946 0000');
  await details.getByRole('radio', { name: /^Both/ }).check();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Pat Trader' })).toBeVisible();
  await page.reload();
  await expect(details.getByRole('textbox', { name: 'Display name' })).toHaveValue('Pat Trader');
  await expect(details.getByRole('radio', { name: /^Both/ })).toBeChecked();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByRole('textbox', { name: 'Current password' }).fill('Not-My-Password-1');
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill('Brand-New-Secret-9');
  await password.getByRole('textbox', { name: 'Confirm new password' }).fill('Brand-New-Secret-9');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is incorrect.')).toBeVisible();

  await other.goto('/profile');
  await expect(other.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await password.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Your other devices were signed out.')).toBeVisible();
  // The security activity shows the change at once (the browser sessions of this journey were made directly).
  const activity = page.getByRole('list', { name: 'Security activity' });
  await expect(activity.getByRole('listitem').first()).toContainText('Changed the password');
  await other.reload();
  await expect(other).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);

  // Sign in on the other device again with the new password, then end every session from here.
  await other.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await other.getByRole('textbox', { name: 'Password', exact: true }).fill('Brand-New-Secret-9');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/profile$/);
  // The sign-in is listed on the other device, with the browser it came from.
  const sinceSignIn = other.getByRole('list', { name: 'Security activity' }).getByRole('listitem');
  await expect(sinceSignIn.first()).toContainText('Signed in with the password');
  await expect(sinceSignIn.first()).toContainText(/Chrome on a desktop · from /);

  const devices = page.getByRole('table', { name: 'Signed-in devices' });
  await page.reload();
  await expect(devices.getByRole('row')).toHaveCount(3);
  await expect(devices.getByText('This device')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out on every device?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You were signed out on every device.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
});

test("an admin's role is not offered on the profile", async ({ page, context, baseURL }) => {
  const admin = createUser('admin', 'Ada Journey');
  await signInContext(context, baseURL!, admin.id);
  await page.goto('/profile');
  await expect(page.getByText("An administrator's role cannot be changed from the profile.")).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Renamed');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Ada Renamed' })).toBeVisible();
});

test('a name that claims to be staff is refused as it is typed; one from before the rule stays', async ({
  page,
  context,
  baseURL,
}) => {
  const reserved = 'Display name must not look like Accountry or its staff (such as admin, moderator or support)';
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Display name' }).fill('Accountry Supp0rt');
  await expect(page.getByText(reserved)).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Sam Reyes');
  await expect(page.getByText(reserved)).toBeHidden();

  const user = createUser('seller', 'Support Sam');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Profile details' });
  await expect(details.getByText(reserved)).toBeHidden();
  await details.getByRole('textbox', { name: 'Phone number' }).fill('+44 20 7946 0001');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  const name = details.getByRole('textbox', { name: 'Display name' });
  await name.fill('Аdmin Team');
  await expect(details.getByText(reserved)).toBeVisible();
  await expect(name).toHaveAccessibleDescription(reserved);
  await name.fill('Sam Reyes');
  await expect(details.getByText(reserved)).toBeHidden();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Sam Reyes' })).toBeVisible();
});

test('a member turns unread-message and price-drop emails off with the keyboard, and the choices are kept', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('seller', 'Mo Mailer');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const email = page.getByRole('region', { name: 'Email' });
  const unread = email.getByRole('switch', { name: 'Email me about unread messages' });
  await expect(unread).toBeChecked();
  // The emails of work waiting for admins are an admin's choice only.
  await expect(email.getByRole('switch')).toHaveCount(2);
  await expect(unread).toHaveAccessibleDescription(
    'When a message waits unread for 10 minutes, we send one email until you read it. The email never contains ' +
      'the message itself.',
  );
  await unread.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Email preferences saved.')).toBeVisible();
  await expect(unread).not.toBeChecked();
  await expect(unread).toBeFocused();
  await page.reload();
  await expect(unread).not.toBeChecked();
  await expect(email.getByText('Email about your orders, payments and your account is always sent')).toBeVisible();

  // Price drops of favorites are a choice of their own (decision 196).
  const drops = email.getByRole('switch', { name: 'Email me when a favorite gets cheaper' });
  await expect(drops).toBeChecked();
  await expect(drops).toHaveAccessibleDescription(
    'When a listing in your favorites drops at least 5% below the price we last told you of.',
  );
  await drops.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Email preferences saved.').first()).toBeVisible();
  await expect(drops).not.toBeChecked();
  await page.reload();
  await expect(drops).not.toBeChecked();
  await expect(unread).not.toBeChecked();
});

test('an admin turns off the emails of work waiting for admins, and the choice is kept', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = createUser('admin', 'Ada Quiet');
  await signInContext(context, baseURL!, admin.id);
  await page.goto('/profile');
  const email = page.getByRole('region', { name: 'Email' });
  const adminMail = email.getByRole('switch', { name: 'Email me when work waits for admins' });
  const unread = email.getByRole('switch', { name: 'Email me about unread messages' });
  await expect(adminMail).toBeChecked();
  await expect(adminMail).toHaveAccessibleDescription(
    'One email for each dispute to decide, payout request, card chargeback and request to look at a hidden listing ' +
      'again that is not your own. Reports are only counted on the Admin link.',
  );
  await adminMail.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Email preferences saved.')).toBeVisible();
  await expect(adminMail).not.toBeChecked();
  await expect(adminMail).toBeFocused();
  await expect(unread).toBeChecked();
  await page.reload();
  await expect(adminMail).not.toBeChecked();
  await expect(unread).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test('a member deletes their account after confirming with the password, and cannot sign in after', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Dee Parting');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Current password');
  await expect(password).toBeFocused();
  await expect(dialog.getByText('Support can restore the account for 30 days.')).toBeVisible();
  await password.fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' }).click();
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted. We are sorry to see you go.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Your account has been deleted. Please contact support if you believe this is an error.'),
  ).toBeVisible();
});

test('a buyer with money in the wallet is told how to withdraw it before deleting; as a seller, to ask for a payout', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const user = createUser('buyer', 'Mo Money');
  const admin = await browser.newContext();
  await signInContext(admin, baseURL!, createUser('admin').id);
  await creditBalance(admin, baseURL!, user.id, 5_000);
  await admin.close();
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete account' });
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const tryDeleting = async () => {
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
  };
  // A buyer asks for no payout: the refusal names the way that is open to them.
  await tryDeleting();
  await expect(
    dialog.getByText(
      'Your wallet holds $50.00. To withdraw it, change your role to Seller or Both in your profile and request a ' +
        'payout, or contact support, before deleting your account.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  const details = page.getByRole('form', { name: 'Profile details' });
  await details.getByRole('radio', { name: /^Seller/ }).check();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await tryDeleting();
  await expect(
    dialog.getByText('Your wallet holds $50.00. Request a payout, or contact support, before deleting your account.'),
  ).toBeVisible();
});

test('a member moves the account to a new email address through the link mailed there', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Cam Changer');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change email address' });
  const next = `moved.${user.email}`;
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('textbox', { name: 'New email address' })).toBeFocused();
  await form.getByRole('textbox', { name: 'New email address' }).fill(next);
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toBeFocused();
  await expect(form.getByRole('status')).toHaveText(
    `We sent a link to ${next}. Open it within 24 hours to confirm your new address; until then, your current ` +
      'address stays.',
  );

  const mail = await openMail(page, next, 'Confirm your new email address for Accountry');
  await mail.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  // In the page: while the header still checks the session, its placeholder is a status too.
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your email address was changed.');
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByText(next, { exact: true })).toBeVisible();
});

test('the address an account left gives it back, with a new password, through the link in its notice', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Una Undo');
  await signInContext(context, baseURL!, user.id);
  const taker = `taker.${user.email}`;
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change email address' });
  await form.getByRole('textbox', { name: 'New email address' }).fill(taker);
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toContainText(`We sent a link to ${taker}.`);
  await (await openMail(page, taker, 'Confirm your new email address')).getByRole('link').click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your email address was changed.');

  const notice = await openMail(page, user.email, 'Your Accountry email address was changed');
  await notice.getByRole('link', { name: /\/undo-email-change\?token=/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Undo the change of your email address' })).toBeVisible();
  // The address the account uses now is masked: the old mailbox is not always the owner's.
  await expect(page.getByText(`Your account was moved to ${taker[0]}•••@journey.test.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const undo = page.getByRole('form', { name: 'Undo the change of your email address' });
  const fresh = 'Owner-Again-2026!';
  await undo.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await undo.getByRole('textbox', { name: 'Confirm new password' }).fill('Something-Else-1');
  await undo.getByRole('button', { name: 'Undo the change' }).click();
  // The field to fix takes the focus, so its message is read out.
  await expect(undo.getByRole('textbox', { name: 'Confirm new password' })).toBeFocused();
  await expect(undo.getByText('The passwords do not match')).toBeVisible();
  await undo.getByRole('textbox', { name: 'Confirm new password' }).fill(fresh);
  await undo.getByRole('button', { name: 'Undo the change' }).click();

  const done = page.getByRole('status').filter({ hasText: 'The change was undone' });
  await expect(done).toBeFocused();
  await expect(done).toContainText(
    'Your address is back, and everyone was signed out. Sign in with your new password. ' +
      `Your account uses ${user.email} again.`,
  );
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(fresh);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Una Undo' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
});

test('a member downloads a copy of their data after confirming with the password, and is told by email', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Dana Download');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const region = page.getByRole('region', { name: 'Your data' });
  await expect(region.getByText('Your chats, with every message and attachment link.')).toBeVisible();
  await region.getByRole('button', { name: 'Download your data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download your data?' });
  const password = dialog.getByLabel('Current password');
  await expect(password).toBeFocused();
  await expect(
    dialog.getByText('Account credentials handed over in orders: open the order to read them while they are kept.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the data download dialog');
  await password.fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();

  await password.fill(user.password);
  const downloading = page.waitForEvent('download');
  const release = await holdRequests(page, '**/api/profile/data-export');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  // While the file is prepared the focus stays in the dialog, on the line that says so.
  await expect(dialog.getByRole('status')).toHaveText(
    'Preparing your file. A long history can take a minute: keep this page open.',
  );
  await expect(dialog.getByRole('status')).toBeFocused();
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^accountry-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(file.account).toMatchObject({ email: user.email, displayName: 'Dana Download' });
  await expect(
    page.getByText(`Your data is ready: your browser saves it as ${download.suggestedFilename()}.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Security activity' }).getByText("Asked for a copy of the account's data"),
  ).toBeVisible();

  await expect(await openMail(page, user.email, 'A copy of your Accountry data was requested')).toBeVisible();
});
