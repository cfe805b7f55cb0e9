import type { Browser, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { holdRequests } from './support/hold-requests';
import { waitForRest } from './support/page-rest';
import { axeOn } from './support/axe';
import { openMail } from './support/mailbox';

// These journeys share a busy machine: allow slow first loads rather than fail on them.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

// Colours are judged at rest: the app honours reduced motion, so the announcement banner is not caught mid-fade.
const AT_REST = { reducedMotion: 'reduce' } as const;

/** The id of a demo user the first start seeded (README: demo sign-ins). */
function demoUserId(email: string) {
  const db = openE2eDb();
  const row = db.prepare('select id from users where email = ?').get(email) as { id: string } | undefined;
  db.close();
  if (!row) throw new Error(`no demo user ${email}`);
  return row.id;
}

async function signedInPage(
  browser: Browser,
  baseURL: string,
  userId: string,
  viewport = { width: 1366, height: 768 },
) {
  const context = await browser.newContext({ ...AT_REST, viewport });
  await signInContext(context, baseURL, userId);
  return context.newPage();
}

/** The ids a field's aria-describedby names. */
const describedByIds = (field: Locator) =>
  field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));

/**
 * A password field is described by the requirements checklist (its items read with the field) and, when `error` is
 * given, by that error message too. Once the address is known the list has a fourth item: not the address itself.
 */
async function expectDescribedByChecklist(page: Page, field: Locator, error?: string, addressKnown = false) {
  await expect.poll(async () => (await describedByIds(field)).length).toBeGreaterThan(error ? 1 : 0);
  const ids = await describedByIds(field);
  const described = page.locator(ids.map((id) => `[id="${id}"]`).join(', '));
  const checklist = described.getByRole('list', { name: 'Password requirements' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(addressKnown ? 4 : 3);
  if (addressKnown) await expect(field).toHaveAccessibleDescription(/Not your email address/);
  await expect(field).toHaveAccessibleDescription(/A letter/);
  await expect(field).toHaveAccessibleDescription(/A number or a symbol/);
  if (error) {
    await expect(described.filter({ hasText: error })).toHaveCount(1);
    await expect(field).toHaveAccessibleDescription(new RegExp(error));
  }
}

test('sign-up: the password is described by its checklist and error; focus goes to the first invalid field', async ({
  page,
}) => {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeVisible();
  await expectDescribedByChecklist(page, password);

  // Nothing filled in: the email is the first invalid field.
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  // A good address and a short password: the focus goes past the email to the password, read with both.
  await email.fill(`a11y-${Date.now()}@journey.test`);
  await password.fill('short-1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expectDescribedByChecklist(page, password, 'Password must be at least 10 characters', true);
});

test('reset password: a bad address takes the focus; the new password is described by its checklist', async ({
  page,
}) => {
  await page.goto('/reset-password');
  const form = page.getByRole('form', { name: 'Reset password' });
  const email = form.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-address');
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');

  // The mailed link opens the form for the new password.
  const user = createUser('buyer');
  await email.fill(user.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  await (await openMail(page, user.email, 'Reset your Accountry password')).getByRole('link').click();
  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  await expect(newPassword).toBeVisible();
  await expectDescribedByChecklist(page, newPassword);
  await newPassword.fill('short-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectDescribedByChecklist(page, newPassword, 'Password must be at least 10 characters');
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
});

test('profile: focus goes to the first invalid detail; the new password is described by its checklist', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, createUser('buyer').id);
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Profile details' });
  const displayName = details.getByRole('textbox', { name: 'Display name' });
  const phone = details.getByRole('textbox', { name: 'Phone number' });
  await expect(displayName).not.toHaveValue('');

  // An empty name and a bad phone number: the name, first in the form, takes the focus.
  await displayName.fill('');
  await phone.fill('12');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(displayName).toBeFocused();
  await expect(displayName).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  // With the name back, the phone number is the first invalid field.
  await displayName.fill('Ivy Accessible');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(phone).toBeFocused();
  await expect(displayName).not.toHaveAttribute('aria-invalid', 'true');

  const change = page.getByRole('form', { name: 'Change password' });
  const newPassword = change.getByRole('textbox', { name: 'New password', exact: true });
  await expectDescribedByChecklist(page, newPassword, undefined, true);
  await newPassword.fill('short-1');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expectDescribedByChecklist(page, newPassword, 'Password must be at least 10 characters', true);
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
});

test('the shared select keeps the focus while the real select replaces its stand-in, and applies the choice', async ({
  page,
}) => {
  // Mantine's select arrives only when the journey lets it: until then the stand-in is what has the focus.
  const release = await holdRequests(page, '**/assets/select-impl-*.js');
  await page.goto('/browse');
  const filters = page.getByRole('complementary', { name: 'Filter listings' });
  const category = filters.getByRole('combobox', { name: 'Category' });
  const platform = filters.getByRole('combobox', { name: 'Platform or game' });
  await expect(platform).toBeVisible();
  await category.focus();
  await page.keyboard.press('Tab');
  await expect(platform).toBeFocused();
  // From here on, every frame drawn notes whether the focus was on the page itself (lost) rather than on a field.
  await page.evaluate(() => {
    const w = window as unknown as { focusLostFrames: number };
    w.focusLostFrames = 0;
    const watch = () => {
      if (!document.activeElement || document.activeElement === document.body) w.focusLostFrames++;
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.keyboard.type('valo');
  await expect(platform).toHaveValue('valo');
  release();

  // The real select took over: its list is open on what was typed, and the focus and text stayed in the field.
  const option = page.getByRole('option', { name: 'Valorant' });
  await expect(option).toBeVisible();
  await expect(platform).toBeFocused();
  await expect(platform).toHaveValue('valo');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]platform=valorant/);
  await expect(platform).toHaveValue('Valorant');
  await expect(platform).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { focusLostFrames: number }).focusLostFrames)).toBe(0);
});

test('with a dialog or a drawer open, the page still has exactly one banner landmark', async ({ browser, baseURL }) => {
  // A dialog's title bar is not a second page banner: screen readers list landmarks, and two banners mislead.
  async function expectOneBanner(page: Page, dialog: Locator) {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(1);
  }

  // A modal: reporting a listing.
  const db = openE2eDb();
  const listing = db
    .prepare("select id, seller_id as sellerId from listings where status = 'active' order by created_at limit 1")
    .get() as { id: string; sellerId: string };
  db.close();
  const buyer = await signedInPage(browser, baseURL!, createUser('buyer').id);
  await buyer.goto(`/account/${listing.sellerId}/${listing.id}`);
  await buyer.getByRole('button', { name: 'Report listing' }).click();
  await expectOneBanner(buyer, buyer.getByRole('dialog', { name: 'Report this listing' }));
  await buyer.context().close();

  // A drawer: the navigation menu on a phone.
  const context = await browser.newContext({ ...AT_REST, viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Open navigation' }).click();
  await expectOneBanner(phone, phone.getByRole('dialog', { name: 'Menu' }));
});

test('on a phone, the actions of my listings and of the announcements stay on the screen', async ({
  browser,
  baseURL,
}) => {
  const phone = { width: 375, height: 740 };
  /** Every "Actions for …" button in the list is whole within the screen's width, with nothing scrolled sideways. */
  async function expectActionsOnScreen(list: Locator) {
    const actions = list.getByRole('button', { name: /^Actions for / });
    await expect(actions.first()).toBeVisible();
    for (const button of await actions.all()) {
      const box = (await button.boundingBox())!;
      const name = (await button.getAttribute('aria-label')) ?? 'an action button';
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(phone.width);
    }
  }

  const seller = await signedInPage(browser, baseURL!, demoUserId('seller@accountry.test'), phone);
  await seller.goto('/listing-management');
  await expect(seller.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible();
  const listings = seller.getByRole('list', { name: 'My listings' });
  await expect(listings.getByRole('article').first()).toBeVisible();
  await expectActionsOnScreen(listings);
  await seller.context().close();

  const admin = await signedInPage(browser, baseURL!, demoUserId('admin@accountry.test'), phone);
  await admin.goto('/admin/notifications');
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  const announcements = admin.getByRole('list', { name: 'Announcements' });
  await expect(announcements.getByRole('article').first()).toBeVisible();
  await expectActionsOnScreen(announcements);
});

test("the buyer's browse, listing, orders and wallet pages have no colour-contrast violations", async ({
  browser,
  baseURL,
}) => {
  const db = openE2eDb();
  const listing = db
    .prepare(
      "select id, seller_id as sellerId, title from listings where status = 'active' order by created_at limit 1",
    )
    .get() as { id: string; sellerId: string; title: string };
  db.close();
  const page = await signedInPage(browser, baseURL!, demoUserId('buyer@accountry.test'));
  for (const [path, heading] of [
    ['/browse', 'Browse accounts'],
    [`/account/${listing.sellerId}/${listing.id}`, listing.title],
    ['/orders', 'Orders'],
    ['/offers', 'Offers'],
    ['/wallet', 'Wallet'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0);
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await waitForRest(page);
    const { violations } = await (await axeOn(page)).withRules(['color-contrast']).analyze();
    const found = violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`));
    expect(found, `colour contrast on ${path}`).toEqual([]);
  }
});
