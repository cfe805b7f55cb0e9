import { expect, test } from './support/test';

test('a visitor follows the navigation to every public page, rates the platform and lands home from an unknown path', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: /Buy and sell game, platform and social-media accounts/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: '' }).first()).toBeVisible();

  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Browse' }).click();
  await expect(page).toHaveURL(/\/browse/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse accounts' })).toBeVisible();

  await main.getByRole('link', { name: 'How it works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buying an account' })).toBeVisible();

  // The footer is its own landmark (contentinfo) after main, and holds the footer navigation.
  const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
  await footer.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Accountry' })).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await footer.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await footer.getByRole('link', { name: 'Rate us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rate us' })).toBeVisible();

  // Field errors show next to the fields and nothing is sent.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5')).toBeVisible();
  await expect(page.getByText('Choose a category')).toBeVisible();

  await page.getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Suggestion' }).click();
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('A saved-search alert for new Valorant listings would be great.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you! Your feedback helps us improve Accountry.')).toBeVisible();
  // The toast closes by itself after 3 seconds.
  await expect(page.getByText('Thank you! Your feedback helps us improve Accountry.')).toBeHidden({ timeout: 6000 });

  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Buy and sell/ })).toBeVisible();
});

test('the server answers deep links with the app and serves the logo', async ({ request }) => {
  const deep = await request.get('/how-it-works');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const logo = await request.get('/logo.png');
  expect(logo.headers()['content-type']).toBe('image/png');
});
