import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';
import { expectNoSeriousA11yViolations } from './support/axe';
import { appCode, forgetSetupMails, mailedSetupCode, turnOnTwoFactor } from './support/two-factor';

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

test('a seller turns on two-factor sign-in, signs in with a code and a recovery code, then turns it off', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Three browsers sign in, with accessibility checks on the way.
  test.setTimeout(120_000);
  const user = createUser('seller', 'Tess Factor');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  const turnOn = section.getByRole('button', { name: 'Turn on two-factor sign-in' });
  await turnOn.click();

  // Each step of the dialog is read out with what it asks (its description), not with its fields and buttons.
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(dialog).toHaveAccessibleDescription('Confirm it is you: enter your password.');
  const password = dialog.getByRole('textbox', { name: 'Current password' });
  await expect(password).toBeFocused();
  // Closed by the keyboard, the dialog gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(turnOn).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  // A wrong password: the focus stays in the field, which is read with what is wrong.
  await password.fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(password).toHaveAccessibleDescription('Your current password is incorrect.');
  await expect(password).toBeFocused();
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    'Add your Accountry key to an authenticator app (such as Google Authenticator, Microsoft Authenticator, ' +
      '1Password or Aegis): scan this QR code with it, or on this phone open the key in the app.',
  );
  const codeField = dialog.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(codeField).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'two-factor set-up');
  const key = (await dialog.locator('code').innerText()).replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  // Turning it on also takes the code mailed to the account's address: the password alone is not enough.
  const emailCodeField = dialog.getByRole('textbox', { name: 'Code from the email we sent you' });
  await expect(dialog.getByText(`We sent it to ${user.email}. It works for 15 minutes.`)).toBeVisible();
  await codeField.fill(appCode(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('Enter the 6-digit code we emailed you.')).toBeVisible();
  await expect(emailCodeField).toBeFocused();

  // A new code when the mail is late: not within the minute of the last one, then the earlier code stops working.
  const firstMailed = await mailedSetupCode(context.request, baseURL!, user.email);
  const resend = dialog.getByRole('button', { name: 'Send a new code' });
  await resend.click();
  await expect(dialog.getByRole('status')).toHaveText('Please wait a minute before asking for another email.');
  forgetSetupMails(user.email);
  await resend.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(
    `We sent a new code to ${user.email}. The code in the earlier email no longer works.`,
  );
  await expect(resend).toBeFocused();
  const secondMailed = await mailedSetupCode(context.request, baseURL!, user.email);
  await emailCodeField.fill(firstMailed === secondMailed ? secondMailed : firstMailed);
  await codeField.fill(appCode(key));
  if (firstMailed !== secondMailed) {
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      dialog.getByText('That is not the code we emailed. Enter the code from the latest email we sent you.'),
    ).toBeVisible();
    await expect(emailCodeField).toBeFocused();
  }
  await emailCodeField.fill(secondMailed);

  await codeField.fill(appCode(key) === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    dialog.getByText(
      'That code is not right. Enter the code the app shows now. If codes keep failing, check that your phone sets ' +
        'its time automatically.',
    ),
  ).toBeVisible();
  await codeField.fill(appCode(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  // The form gives way to the codes: the dialog's title says two-factor is on, the notice that replaced the form has
  // the focus and names what the dialog asks now.
  await expect(dialog).toHaveCount(0);
  const codesDialog = page.getByRole('dialog', { name: 'Two-factor sign-in is on' });
  const notice = codesDialog.getByRole('alert', { name: 'Save your recovery codes now' });
  await expect(notice).toBeFocused();
  await expect(notice).toHaveAccessibleDescription(
    'If you lose your phone, each of these codes signs you in once in place of a code from the app. They are shown ' +
      'only this time.',
  );
  await expect(codesDialog).toHaveAccessibleDescription('Save your recovery codes now');
  const codes = await codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  const done = codesDialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(codesDialog).toBeVisible();
  await codesDialog.getByRole('checkbox', { name: 'I have stored these codes somewhere safe' }).check();
  await done.click();
  await expect(page.getByText('Two-factor sign-in is on. Keep your recovery codes somewhere safe.')).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  // The button that opened the dialog is gone: the focus goes to the card's first one, not to the page.
  await expect(section.getByRole('button', { name: 'Make new recovery codes' })).toBeFocused();

  // Another device: the password alone is not enough; a wrong code is refused, the app's next code lets them in.
  const phone = await browser.newContext({ baseURL });
  const other = await phone.newPage();
  await signInWithPassword(other, user.email, user.password);
  const code = other.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(code).toBeFocused();
  await expectNoSeriousA11yViolations(other, 'sign-in code step');
  await code.fill('12345x');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByText('That code is not right.', { exact: false })).toBeVisible();
  await expect(code).toBeFocused();
  // The code that turned it on was spent; the app's next one is accepted (a phone's clock may run ahead).
  await code.fill(appCode(key, 1));
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('button', { name: 'Account menu for Tess Factor' })).toBeVisible();
  await phone.close();

  // A lost phone: a recovery code, once.
  const laptop = await browser.newContext({ baseURL });
  const third = await laptop.newPage();
  await signInWithPassword(third, user.email, user.password);
  await third.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  const recovery = third.getByRole('textbox', { name: 'Recovery code' });
  await expect(recovery).toBeFocused();
  await recovery.fill(codes[0].toUpperCase());
  await third.getByRole('button', { name: 'Sign in' }).click();
  await expect(third).toHaveURL(/\/$/);
  await laptop.close();

  await page.reload();
  await expect(section.getByText('9 recovery codes left.')).toBeVisible();
  // New codes take the password and a second factor: here one of the old codes.
  await section.getByRole('button', { name: 'Make new recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'New recovery codes' });
  await expect(renew).toHaveAccessibleDescription('New codes replace the ones you have: the old codes stop working.');
  await expect(renew.getByRole('textbox', { name: 'Current password' })).toBeFocused();
  await renew.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await renew.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await renew.getByRole('textbox', { name: 'Recovery code' }).fill(codes[2]);
  await renew.getByRole('button', { name: 'Make new codes' }).click();
  // allInnerTexts does not wait: the new codes are there once the list holds ten.
  const freshList = renew.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(freshList).toHaveCount(10);
  const fresh = await freshList.allInnerTexts();
  await renew.getByRole('checkbox', { name: 'I have stored these codes somewhere safe' }).check();
  await renew.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('New recovery codes were made. The old ones no longer work.')).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Make new recovery codes' })).toBeFocused();

  // A new email address takes a code too (decision 172): without one the form asks for it, where it is typed.
  const emailForm = page.getByRole('form', { name: 'Change email address' });
  const newEmail = `moved-${user.email}`;
  await emailForm.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await emailForm.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await emailForm.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailForm.getByRole('textbox', { name: 'Recovery code' })).toBeFocused();
  await expect(emailForm.getByText('Enter the code.')).toBeVisible();
  await emailForm.getByRole('textbox', { name: 'Recovery code' }).fill(fresh[1]);
  await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailForm.getByRole('status')).toHaveText(
    `We sent a link to ${newEmail}. Open it within 24 hours to confirm your new address; until then, your current ` +
      'address stays.',
  );
  await expect(section.getByText('9 recovery codes left.')).toBeVisible();
  // So does deleting the account.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(deletion.getByRole('textbox', { name: 'Code from your authenticator app' })).toBeVisible();
  await deletion.getByRole('button', { name: 'Keep my account' }).click();
  await expect(deletion).toBeHidden();

  await section.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await expect(off).toHaveAccessibleDescription(
    'Signing in will take only your password. Your recovery codes stop working.',
  );
  await off.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await off.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await off.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('That code is not right.', { exact: false })).toBeVisible();
  await expect(off.getByRole('textbox', { name: 'Recovery code' })).toBeFocused();
  await off.getByRole('textbox', { name: 'Recovery code' }).fill(fresh[0]);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeFocused();
});

test('support turns off two-factor sign-in for a member who lost phone and codes, with a reason', async ({
  browser,
  baseURL,
}) => {
  const member = createUser('buyer', 'Lorna Lost');
  const memberContext = await browser.newContext({ baseURL });
  await signInContext(memberContext, baseURL!, member.id);
  await turnOnTwoFactor(memberContext, baseURL!, member);
  await memberContext.close();

  const admin = createUser('admin', 'Sam Support');
  const adminContext = await browser.newContext({ baseURL });
  await signInContext(adminContext, baseURL!, admin.id);
  const page = await adminContext.newPage();
  await page.goto(`/admin/users/${member.id}`);
  await expect(page.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await dialog.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  const reason = dialog.getByRole('textbox', { name: 'How the member proved who they are (kept in the audit log)' });
  await expect(reason).toBeFocused();
  await reason.fill('Video call with photo ID');
  await dialog.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is off for Lorna Lost.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Manage account' })).toBeFocused();

  // Support's look at the member's security activity: on request, and in the audit log.
  const activity = page.getByRole('region', { name: 'Security activity' });
  const show = activity.getByRole('button', { name: 'Show security activity' });
  await show.click();
  const events = activity.getByRole('list', { name: 'Security activity' }).getByRole('listitem');
  await expect(events.first()).toContainText('Support turned off two-factor sign-in');
  await expect(events.nth(1)).toContainText('Turned on two-factor sign-in');
  await expect(activity.getByRole('button', { name: 'Hide security activity' })).toBeFocused();
  await page.reload();
  await expect(page.getByText('Read security activity')).toBeVisible();
  await adminContext.close();

  // The member signs in with the password alone.
  const again = await browser.newContext({ baseURL });
  const signIn = await again.newPage();
  await signIn.goto('/signin');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toHaveURL(/\/$/);
});
