import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { openMail } from './support/mailbox';

test('a forgotten password is reset from the mailed link; other devices are signed out and the link works once', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = createUser('buyer');
  // Another device of the same person, signed in.
  const otherDevice = await browser.newContext({ baseURL });
  await signInContext(otherDevice, baseURL!, user.id, true);
  const other = await otherDevice.newPage();
  await other.goto('/profile');
  await expect(other.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

  // An unknown address gets the very same answer.
  const sent = 'If an account exists for that address, we sent it a link to reset the password. Check your inbox.';
  await page.getByRole('textbox', { name: 'Email' }).fill(`nobody-${Date.now()}@journey.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(sent)).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(sent)).toBeVisible();

  const mail = await openMail(page, user.email, 'Reset your Accountry password');
  const link = (await mail.getByRole('link').getAttribute('href'))!;
  await mail.getByRole('link').click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`${user.email[0]}•••@journey.test`)).toBeVisible();
  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  await newPassword.fill('password123');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await newPassword.fill('Fresh-Start-2026');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Fresh-Start-2025');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Fresh-Start-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Fresh-Start-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${user.displayName}` })).toBeVisible();

  // The other device's session ended with the reset.
  await other.reload();
  await expect(other).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
  await otherDevice.close();

  await page.goto(link);
  await expect(page.getByText('This link is invalid or has already been used.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});
