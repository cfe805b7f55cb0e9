import { expect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { mailsTo } from './support/mailbox';

test('a member saves a search from /browse, finds it in the account menu, opens it and deletes it after confirming', async ({
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
  await saved.getByRole('link', { name: 'Valorant · up to $120' }).click();
  await expect(page).toHaveURL(/\/browse\?platform=valorant&max=120$/);

  // Deleting asks first, naming the search: Cancel keeps it, with the focus back on its button.
  await page.goBack();
  const trash = saved.getByRole('button', { name: 'Delete saved search Valorant · up to $120' });
  await trash.click();
  const confirm = page.getByRole('dialog', { name: 'Delete this saved search?' });
  await expect(confirm).toHaveAccessibleDescription(
    'Valorant · up to $120 will be deleted, and we will no longer email you its new listings.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(trash).toBeFocused();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await trash.click();
  await confirm.getByRole('button', { name: 'Delete saved search' }).click();
  await expect(page.getByText('Saved search deleted.')).toBeVisible();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeFocused();
});

test('an alert mail unsubscribes from its search in one click; the page turns the alerts back on', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Ulla Unsub');
  const seller = createUser('seller', 'Sel Alerts');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/browse?platform=fortnite&q=lighthouse');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  // As if saved two hours ago: the next sweep looks for what was published since.
  const db = openE2eDb();
  db.prepare('update saved_searches set checked_at = ? where user_id = ?').run(Date.now() - 2 * 3600_000, user.id);
  db.close();
  insertListing(seller.id, { title: 'Lighthouse Fortnite account' });

  let text = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(context.request, user.email, baseURL);
        text = mails.find((m) => m.subject.startsWith('A new listing for your search'))?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toContain('Lighthouse Fortnite account');
  const link = /^Unsubscribe: (\S+)$/m.exec(text)?.[1];
  expect(link).toMatch(/\/unsubscribe\?token=/);

  // A fresh browser, as from a mail app: no sign-in needed, and opening the link changes nothing by itself.
  const mailApp = await page.context().browser()!.newContext({ baseURL });
  const outside = await mailApp.newPage();
  await outside.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(outside.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(outside.getByText('Stop getting new listing emails for your saved search')).toBeVisible();
  await outside.getByRole('button', { name: 'Unsubscribe' }).click();
  const done = outside.getByRole('status').filter({ hasText: 'Unsubscribed' });
  await expect(done).toContainText(
    'You are unsubscribed. You will no longer get new listing emails for your saved search "lighthouse" · Fortnite.',
  );
  await expect(done).toBeFocused();
  await mailApp.close();

  await page.goto('/saved-searches');
  const toggle = page.getByRole('switch', { name: 'Email me new listings for "lighthouse" · Fortnite' });
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Email alerts are on for this search.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(toggle).toBeChecked();
});

test('a search saved in some words reads as saved when the same words are spelled otherwise', async ({
  page,
  context,
  baseURL,
}) => {
  const user = createUser('buyer', 'Wendy Words');
  await signInContext(context, baseURL!, user.id);
  await page.goto('/browse?q=Immortal%20account');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  // Case and the words every search ignores find the same listings: the page does not offer to save it again.
  await page.goto('/browse?q=the%20immortal%20ACCOUNT');
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);
});
