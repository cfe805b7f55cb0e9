import { expect, test } from './support/test';
import { createUser, signInContext } from './support/db';

test('a member saves a search from /browse, finds it in the account menu, opens it and deletes it', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Sasha Saver');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/browse?platform=valorant&max=120&sort=price_asc');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText('Search saved. We will email you when new listings match it.')).toBeVisible();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Saved searches' })).toBeFocused();
  // Saved stays saved: the page does not offer it again, in any parameter order.
  await page.goto('/browse?max=120&platform=valorant');
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);

  // By keyboard, Tab leaves the open menu back on its button, as Escape does.
  const menuButton = page.getByRole('button', { name: 'Account menu for Sasha Saver' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Saved searches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Your saved searches' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await saved.getByRole('link', { name: 'Valorant · up to $120.00' }).click();
  await expect(page).toHaveURL(/\/browse\?platform=valorant&max=120$/);

  await page.goBack();
  await saved.getByRole('button', { name: 'Delete saved search Valorant · up to $120.00' }).click();
  await expect(page.getByText('Saved search deleted.')).toBeVisible();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeFocused();
});
