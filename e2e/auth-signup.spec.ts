import { expect, test } from './support/test';
import { mailsTo, openMail } from './support/mailbox';

test('a visitor signs up, verifies the email from the mailbox, signs in with remember me, reaches a guarded page and signs out', async ({
  page,
  context,
}) => {
  const email = `signup-${Date.now()}@journey.test`;
  const password = 'Journey-Signup-77';

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  // The shared rules run before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await expect(page.getByRole('list', { name: 'Password requirements' }).getByText('(not met yet)')).toHaveCount(0);
  await page.getByLabel('Display name').fill('Jo Journey');
  await page.getByLabel('Phone number').fill('+1 555 0199');
  await page.getByRole('radio', { name: /^Seller/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verification-sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Signing in before verifying is refused and comes back here.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/signin\?verificationSent=true$/);
  await expect(page.getByText('We sent a verification link to your email. Open it, then sign in here.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/verification-sent$/);
  await expect(
    page.getByText('Please verify your email before signing in. Check your inbox for a verification link.'),
  ).toBeVisible();

  // The development mailbox shows the mail with a working link.
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: email });
  await expect(mail.getByRole('heading', { name: 'Verify your email for Accountry' })).toBeVisible();
  await mail.getByRole('link', { name: /\/verification-sent\?token=/ }).click();

  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  const accountMenu = page.getByRole('button', { name: 'Account menu for Jo Journey' });
  await expect(accountMenu).toBeVisible();
  // Remember me: a persistent cookie (5 days), httpOnly.
  const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
  expect(sid.httpOnly).toBe(true);
  expect(sid.expires * 1000).toBeGreaterThan(Date.now() + 4 * 24 * 3600_000);

  await accountMenu.click();
  // A seller's menu also leads to the page buyers see of them.
  await expect(page.getByRole('menuitem', { name: 'Your seller page' })).toHaveAttribute('href', /^\/seller\//);
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue('Jo Journey');
  await expect(page.getByLabel('Phone number')).toHaveValue('+1 555 0199');
  await expect(page.getByRole('radio', { name: /^Seller/ })).toBeChecked();

  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fprofile$/);
});

test('a used verification link cannot be used again', async ({ page, request }) => {
  const email = `relink-${Date.now()}@journey.test`;
  const res = await request.post('/api/auth/signup', { data: { email, password: 'Journey-Relink-88' } });
  expect(res.status()).toBe(201);
  // The account and its mail are made right after the reply (decision 227).
  await expect.poll(async () => (await mailsTo(request, email)).length).toBe(1);
  const link = (await mailsTo(request, email))[0].links[0];
  await page.goto(link);
  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has already been used.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
});

test('signing up with an address that already has an account looks the same, and its owner gets a note', async ({
  page,
}) => {
  const taken = 'buyer@accountry.test';
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(taken);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Journey-Signup-77');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verification-sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We sent an email to' })).toContainText(taken);
  await expect(page.getByText('An account with this email already exists')).toHaveCount(0);

  const note = await openMail(page, taken, 'Someone tried to sign up to Accountry with your email');
  await expect(note).toHaveCount(1);
  await expect(note.getByRole('link', { name: /\/signin$/ })).toBeVisible();
});

test('on a phone a long address wraps inside the note that the mail was sent', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = `a.rather.long.mailbox.name.${Date.now()}@subdomain.journey-example.test`;
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Journey-Signup-77');
  await page.getByRole('button', { name: 'Create account' }).click();

  const note = page.getByRole('status').filter({ hasText: 'We sent an email to' });
  await expect(note).toContainText(email);
  const [address, box] = [(await note.getByText(email).boundingBox())!, (await note.boundingBox())!];
  expect(address.x + address.width).toBeLessThanOrEqual(box.x + box.width);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
});
