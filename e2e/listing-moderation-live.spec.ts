import { expect, test } from './support/test';
import { createUser, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { postWithSession } from './support/session-api';

test('a seller with their listings open sees a moderator hide one and show it again, without a reload', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller', 'Watched Seller');
  const admin = createUser('admin', 'Live Moderator');
  const title = `Moderated live ${Date.now().toString(36)}`;
  const listingId = insertListing(seller.id, { title, status: 'active' });
  const s = await signedInPage(browser, baseURL!, seller.id);
  // The tab's socket has said hello before the moderator acts: what it hears from then on is the point.
  const hello = s.page
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"')));
  await s.page.goto('/listing-management');
  await hello;
  const row = s.page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Active');

  const a = await signedInPage(browser, baseURL!, admin.id);
  const reason = 'Screenshots show another account.';
  expect((await postWithSession(a.context, baseURL!, `/api/admin/listings/${listingId}/hide`, { reason })).ok()).toBe(
    true,
  );
  await expect(
    s.page.getByText(`A moderator hid your listing “${title}”. Buyers no longer see it. Reason: ${reason}`),
  ).toBeVisible();
  await expect(row).toContainText('Hidden');

  expect((await postWithSession(a.context, baseURL!, `/api/admin/listings/${listingId}/unhide`)).ok()).toBe(true);
  await expect(s.page.getByText(`A moderator made “${title}” visible to buyers again.`)).toBeVisible();
  await expect(row).toContainText('Active');
});
