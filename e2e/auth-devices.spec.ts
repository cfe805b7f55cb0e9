import type { Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { holdRequests } from './support/hold-requests';
import { createUser, signInContext } from './support/db';

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0';
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('a member signs out a lost phone from the profile, on a phone, and that phone is signed out', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Three browsers, a sign-in through the page and two accessibility scans: past the default minute on a busy machine.
  test.setTimeout(120_000);
  const user = createUser('buyer', 'Dana Devices');
  await signInContext(context, baseURL!, user.id);
  // The lost phone signs in through the page, so its session records its browser.
  const phone = await (await browser.newContext({ baseURL, userAgent: FIREFOX_ANDROID, viewport: PHONE })).newPage();
  await phone.goto('/profile');
  await expect(phone).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
  await phone.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await phone.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const laptop = await browser.newContext({ baseURL });
  await signInContext(laptop, baseURL!, user.id);

  await page.goto('/profile');
  const devices = page.getByRole('table', { name: 'Signed-in devices' });
  await expect(devices.getByRole('row')).toHaveCount(4);
  // Every device but this one has its own button, named for it.
  await expect(devices.getByRole('button', { name: /^Sign out/ })).toHaveCount(2);
  await expectStackedDevices(devices);
  const phoneButton = devices.getByRole('button', { name: /^Sign out Firefox on a mobile, signed in / });
  const laptopButton = devices.getByRole('button', { name: /^Sign out an unknown browser on a desktop, signed in / });
  const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
  await expectNoSeriousA11yViolations(page, 'the signed-in devices');
  await phoneButton.click();
  await expect(dialog).toContainText('Firefox on a mobile, signed in');
  await expectNoSeriousA11yViolations(page, 'the dialog signing out one device');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(phoneButton).toBeFocused();

  // A failure is told in the dialog, which stays open with the row still there.
  await page.route(
    '**/api/auth/sessions/*',
    (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } },
      }),
    { times: 1 },
  );
  await phoneButton.click();
  const confirm = dialog.getByRole('button', { name: 'Sign out' });
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  await expect(devices.getByRole('row')).toHaveCount(4);

  // While the request is on its way the button shows it; then the row goes and the focus moves to the next device.
  const release = await holdRequests(page, '**/api/auth/sessions/*');
  await confirm.click();
  await expect(confirm).toHaveAttribute('data-loading', 'true');
  release();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Firefox on a mobile was signed out.')).toBeVisible();
  await expect(devices.getByRole('row')).toHaveCount(3);
  await expect(phoneButton).toHaveCount(0);
  await expect(laptopButton).toBeFocused();
  await expect(page.getByRole('list', { name: 'Security activity' }).getByRole('listitem').first()).toContainText(
    'Signed out another device',
  );

  // The phone's next navigation finds it signed out.
  await phone.goto('/profile');
  await expect(phone).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);

  // The last other device: with no button left, the focus goes to the card's heading.
  await laptopButton.click();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Signed-in devices' })).toBeFocused();
  await expect(devices.getByRole('row')).toHaveCount(2);
  // This device is still signed in, and the card fits the phone's width.
  await page.reload();
  await expect(devices.getByText('This device')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

/**
 * On a phone each device is one item rather than three columns: its dates under its name and its Sign out, each date on
 * one line after its label (in columns each wrapped onto three lines).
 */
async function expectStackedDevices(devices: Locator) {
  const rows = devices.getByRole('row').filter({ has: devices.page().getByRole('cell') });
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    const device = (await cells.first().boundingBox())!;
    for (const [i, label] of [
      [1, 'Signed in'],
      [2, 'Last active'],
    ] as const) {
      const date = cells.nth(i);
      await expect(date).toHaveText(new RegExp(`^${label} \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} [A-Z][\\w+-]*$`));
      const box = (await date.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(device.y + device.height - 1);
      expect(box.x).toBeCloseTo(device.x, 0);
      const lines = await date.getByRole('paragraph').evaluate((el) => {
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
        return Math.round(el.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `${label} on one line`).toBe(1);
    }
  }
}
