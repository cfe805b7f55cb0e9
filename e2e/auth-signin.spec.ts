import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, openE2eDb, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { openMail } from './support/mailbox';

const MESSAGES = {
  invalid: 'Invalid email or password. Please try again.',
  tooMany: 'Too many failed login attempts. Please try again later or reset your password.',
  disabled: 'This account has been disabled. Please contact support for assistance.',
  network: 'Network error. Please check your internet connection and try again.',
  invalidEmail: 'Please enter a valid email address.',
  unverified: 'Please verify your email before signing in. Check your inbox for a verification link.',
  deleted: 'Your account has been deleted. Please contact support if you believe this is an error.',
};

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('wrong password, bad address and a lost connection each get their message', async ({ page }) => {
  const user = createUser('buyer');
  await page.goto('/signin');
  await signIn(page, 'not-an-address', 'whatever');
  await expect(page.getByText(MESSAGES.invalidEmail)).toBeVisible();
  // The focus goes to the field in error, where a screen reader reads its message.
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(MESSAGES.invalidEmail);

  await signIn(page, user.email, 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalid);
  // Ready for another try: the password field holds the focus while the alert is read out.
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await signIn(page, `nobody-${Date.now()}@journey.test`, user.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalid);

  await page.route('**/api/auth/signin', (route) => route.abort('internetdisconnected'));
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.network);
  await page.unroute('**/api/auth/signin');

  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.displayName}` })).toBeVisible();
});

test('an unverified address is sent to /verification-sent and can ask for a new link', async ({ page }) => {
  const user = createUser('seller');
  const db = openE2eDb();
  db.prepare('update users set email_verified = 0 where id = ?').run(user.id);
  db.close();

  await page.goto('/signin');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/verification-sent$/);
  await expect(page.getByText(MESSAGES.unverified)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    page.getByText('If that address has an account waiting for verification, we sent it a new verification link.'),
  ).toBeVisible();
  // Once a minute at most.
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Please wait a minute before asking for another email.')).toBeVisible();

  await openMail(page, user.email, 'Verify your email for Accountry');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('article').getByRole('link').click();
  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
});

test('repeated failures lock the address out, even for the right password', async ({ page }) => {
  const user = createUser('buyer');
  await page.goto('/signin');
  for (let i = 1; i <= 4; i++) {
    await signIn(page, user.email, `Wrong-Password-${i}`);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalid);
  }
  await signIn(page, user.email, 'Wrong-Password-5');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.tooMany);
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.tooMany);
  await expect(page).toHaveURL(/\/signin$/);
  // The message points to the way out.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
});

test('disabled and deleted accounts are told so', async ({ page }) => {
  const disabled = createUser('buyer');
  const deleted = createUser('seller');
  const db = openE2eDb();
  db.prepare('update users set disabled = 1 where id = ?').run(disabled.id);
  db.prepare(
    `insert into deleted_users (uid, user_created_at, status, reason, deleted_by, created_at, updated_at)
      select id, created_at, 'unresolved', 'journey', null, ?, ? from users where id = ?`,
  ).run(Date.now(), Date.now(), deleted.id);
  db.close();

  await page.goto('/signin');
  await signIn(page, disabled.email, disabled.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.disabled);
  await signIn(page, deleted.email, deleted.password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.deleted);
});

test('a deep link to a guarded page returns there after sign-in, and returnTo never leaves the site', async ({
  page,
}) => {
  const user = createUser('both');
  await page.goto('/profile?section=password#devices');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fprofile%3Fsection%3Dpassword$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile\?section=password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

  // Signed in, the sign-in page moves on by itself.
  await page.goto('/signin?returnTo=%2Fbrowse');
  await expect(page).toHaveURL(/\/browse$/);

  await page.context().clearCookies();
  for (const evil of ['https://evil.example/steal', '//evil.example', '/\\evil.example']) {
    await page.goto(`/signin?returnTo=${encodeURIComponent(evil)}`);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await page.context().clearCookies();
  }
});

test('signed in as someone else in another tab, a tab left open shows the new member’s data, not the last one’s', async ({
  browser,
}) => {
  const first = createUser('seller');
  const second = createUser('seller');
  insertListing(first.id, { title: `First seller's Fortnite account ${first.id.slice(0, 4)}` });
  insertListing(second.id, { title: `Second seller's Fortnite account ${second.id.slice(0, 4)}` });
  const context = await browser.newContext();
  // A sign-in page left open from before.
  const stale = await context.newPage();
  await stale.goto('/signin');

  // The first seller signs in in another tab and manages their listings there.
  const open = await context.newPage();
  await open.goto('/signin?returnTo=%2Flisting-management');
  await signIn(open, first.email, first.password);
  await expect(open.getByText(`First seller's Fortnite account ${first.id.slice(0, 4)}`)).toBeVisible();

  // Back on the old tab, the second seller signs in: the browser's session is now theirs.
  await signIn(stale, second.email, second.password);
  await expect(stale).toHaveURL(/\/$/);

  // The listings tab shows the second seller's name and listings, not the first one's under the second one's session.
  await expect(open.getByRole('button', { name: `Account menu for ${second.displayName}` })).toBeVisible();
  await expect(open.getByText(`Second seller's Fortnite account ${second.id.slice(0, 4)}`)).toBeVisible();
  await expect(open.getByText(`First seller's Fortnite account ${first.id.slice(0, 4)}`)).toHaveCount(0);
  await expect(open).toHaveURL(/\/listing-management$/);
});

test('a session gone without a word on the socket: the next request leads to sign-in, and back', async ({
  browser,
  baseURL,
}) => {
  const user = createUser('buyer');
  const { page } = await signedInPage(browser, baseURL!, user.id);
  // Whatever the server does with the tab's socket, the tab hears no close: as when the socket was down or asleep.
  await page.routeWebSocket(/\/api\/ws$/, (ws) => ws.connectToServer().onClose(() => undefined));
  const endSession = async () => {
    const db = openE2eDb();
    db.prepare('delete from sessions where user_id = ?').run(user.id);
    db.close();
    // The server answers a session from memory for up to 5 s (SESSION_CACHE_MS) before it reads the row again.
    await page.waitForTimeout(5_500);
  };

  // An action: the session is gone (cookies cleared elsewhere, expired while the socket was down).
  await page.goto('/profile');
  const unread = page
    .getByRole('region', { name: 'Email' })
    .getByRole('switch', { name: 'Email me about unread messages' });
  await expect(unread).toBeChecked();
  await endSession();
  // A toast of the refusal would show for seconds: watched for from the click on.
  const toast = page
    .getByText('No user is currently signed in')
    .waitFor({ timeout: 4_000 })
    .then(
      () => 'shown',
      () => 'none',
    );
  await unread.click();
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
  expect(await toast).toBe('none');
  // The sign-in form's own refusals keep their message.
  await signIn(page, user.email, 'Not-the-password-1');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalid);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(unread).toBeChecked();

  // A navigation to a page whose data needs the session.
  await endSession();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Ffavorites$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Please sign in to continue.')).toHaveCount(0);
});
