import { expect as baseExpect, test } from './support/test';
import { signedInPage } from './support/db';
import { negotiableDeal } from './support/offers';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('a seller answers an offer with a price of their own; the buyer accepts it and buys at it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const names = { seller: 'Cy Counter', buyer: 'Di Dealer', title: 'Countered Fortnite account' };
  const { seller, title, listingId, b, priceCard } = await negotiableDeal(browser, baseURL!, names);
  // On a phone, the bar holds "Buy now" and "Make an offer", and the chat beside them.
  await b.page.setViewportSize({ width: 390, height: 844 });
  const phoneBar = b.page.getByRole('region', { name: 'Price and actions' });
  await expect(phoneBar.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await expect(phoneBar.getByRole('link', { name: 'Message the seller' })).toBeVisible();
  await b.page.setViewportSize({ width: 1280, height: 800 });
  await priceCard.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByRole('textbox', { name: 'Your offer (USD)' }).fill('70');
  await dialog.getByRole('textbox', { name: 'Message to the seller' }).fill('Are the skins included?');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(b.page.getByText('Offer sent. The seller has 48 hours to answer.')).toBeVisible();

  // The seller names $85.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto('/offers');
  const row = s.page.getByRole('list', { name: 'Received offers' }).getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Counter-offer' }).click();
  const counter = s.page.getByRole('dialog', { name: 'Make a counter-offer' });
  const price = counter.getByRole('textbox', { name: 'Your price (USD)' });
  await price.fill('100');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(counter.getByText('Ask more than the offer of $70 and less than your price of $100.')).toBeVisible();
  await price.fill('85');
  await counter.getByRole('textbox', { name: 'Message to the buyer' }).fill('Yes, every skin comes with it.');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(s.page.getByText('Counter-offer sent. The buyer has 48 hours to answer.')).toBeVisible();
  await expect(counter).toBeHidden();
  await expect(row.getByText('You asked $85.')).toBeVisible();
  await expect(row.getByRole('link', { name: title })).toBeFocused();

  // Each note is its sender's own message in the listing's chat, after the notice of the price it came with.
  await b.page.goto(`/chat?listing=${listingId}`);
  const thread = b.page.getByRole('log');
  await expect(thread.getByText('Are the skins included?')).toBeVisible();
  await expect(thread.getByText('Yes, every skin comes with it.')).toBeVisible();
  await b.page.goto(`/account/${seller.id}/${listingId}`);

  // The buyer sees it on the listing; on a phone the bar at the bottom leads with accepting it, beside the chat.
  await b.page.setViewportSize({ width: 390, height: 844 });
  await b.page.reload();
  const asks = priceCard.getByRole('group', { name: 'Your offer' }).getByText('The seller asks $85');
  await expect(asks).toBeVisible();
  const bar = b.page.getByRole('region', { name: 'Price and actions' });
  await expect(bar.getByRole('link', { name: 'Message the seller' })).toBeVisible();
  // Accepting asks first, in the offers page's words; canceled, it sends nothing and the seller's price still waits.
  const acceptsSent: string[] = [];
  b.page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/accept-counter')) acceptsSent.push(r.url());
  });
  const acceptCounter = bar.getByRole('button', { name: 'Accept $85' });
  await acceptCounter.click();
  const confirm = b.page.getByRole('dialog', { name: "Accept the seller's price?" });
  await expect(confirm).toHaveAccessibleDescription(
    `You can then buy “${title}” for $85 within 24 hours, from its page.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(acceptCounter).toBeFocused();
  expect(acceptsSent).toEqual([]);
  await b.page.reload();
  await expect(asks).toBeVisible();
  await acceptCounter.click();
  await confirm.getByRole('button', { name: 'Accept $85' }).click();
  await expect(b.page.getByText('Counter-offer accepted. You have 24 hours to buy at that price.')).toBeVisible();
  expect(acceptsSent).toHaveLength(1);
  await expect(priceCard.getByRole('group', { name: 'Your offer' })).toBeFocused();
  // Then it buys at $85, from the bar or the price card.
  await expect(bar.getByRole('button', { name: 'Buy for $85' })).toBeVisible();
  await b.page.setViewportSize({ width: 1280, height: 800 });
  await priceCard.getByRole('button', { name: 'Buy for $85' }).click();
  await b.page.getByRole('dialog', { name: 'Buy this account?' }).getByRole('button', { name: 'Pay $85' }).click();
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  await expect(
    b.page.getByRole('region', { name: 'Order summary' }).getByText('$85.00', { exact: true }),
  ).toBeVisible();
});
