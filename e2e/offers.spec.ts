import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createUser, signInContext, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { creditBalance } from './support/orders';
import { postWithSession } from './support/session-api';
import { openMail } from './support/mailbox';
import { negotiableDeal } from './support/offers';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('a buyer offers a lower price, the seller accepts it, and the buyer buys at that price', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const names = { seller: 'Nia Negotiator', buyer: 'Oli Offer', title: 'Negotiable Fortnite account' };
  const { seller, buyer, title, listingId, b, priceCard } = await negotiableDeal(browser, baseURL!, names);

  // The buyer offers too little, then $80.
  await priceCard.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Make an offer' });
  const amount = dialog.getByRole('textbox', { name: 'Your offer (USD)' });
  await expect(amount).toBeFocused();
  await expect(dialog.getByText('At least $50, half the price.')).toBeVisible();
  await expectNoSeriousA11yViolations(b.page, 'the offer dialog');
  await amount.fill('40');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog.getByText('Offer at least $50, half the price.')).toBeVisible();
  await expect(amount).toBeFocused();
  await amount.fill('80');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(b.page.getByText('Offer sent. The seller has 48 hours to answer.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    priceCard.getByText(/^Waiting for the seller: they have until .* to answer your offer of \$80\.$/),
  ).toBeVisible();
  // The dialog's button is gone: the focus is on what the panel says now.
  await expect(priceCard.getByRole('group', { name: 'Your offer' })).toBeFocused();

  // The seller sees it on /offers and accepts after confirming.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto(`/account/${seller.id}/${listingId}`);
  await expect(
    s.page.getByRole('region', { name: 'Price' }).getByText('An offer waits for your answer.'),
  ).toBeVisible();
  await expect(s.page.getByRole('link', { name: 'Answer on the offers page' })).toBeVisible();
  // The account menu counts it, and leads to the offers that wait for the seller.
  await s.page.getByRole('button', { name: `Account menu for ${seller.displayName} (1 waiting for you)` }).click();
  await s.page.getByRole('menuitem', { name: 'Offers (1 waiting for you)' }).click();
  await expect(s.page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(s.page).toHaveURL(/side=received&status=waiting/);
  await expect(s.page.getByRole('radio', { name: 'Waiting for you (1)' })).toBeChecked();
  const received = s.page
    .getByRole('list', { name: 'Received offers' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(received.getByText('Waiting for an answer')).toBeVisible();
  await expect(received.getByText(`From ${buyer.displayName}`)).toBeVisible();
  await expectNoSeriousA11yViolations(s.page, 'the offers page');
  await received.getByRole('button', { name: 'Accept' }).click();
  const confirm = s.page.getByRole('dialog', { name: 'Accept this offer?' });
  // Its answer is awaited first: a failure then says whether the accept was refused or never sent.
  const accepted = s.page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/api\/offers\/[^/]+\/accept$/.test(new URL(r.url()).pathname),
    { timeout: 30_000 },
  );
  await confirm.getByRole('button', { name: 'Accept $80' }).click();
  expect((await accepted).status()).toBe(200);
  await expect(s.page.getByText('Offer accepted. The buyer has 24 hours to buy at that price.')).toBeVisible();
  // Answered, it waits for the seller no more; it is with all the offers, accepted.
  await expect(s.page.getByText('No offer waits for your answer.')).toBeVisible();
  await expect(s.page.getByRole('heading', { level: 1, name: 'Offers' })).toBeFocused();
  await expect(
    s.page.getByRole('button', { name: `Account menu for ${seller.displayName}`, exact: true }),
  ).toBeVisible();
  await s.page.getByText('All offers').click();
  await expect(received.getByText('Accepted', { exact: true })).toBeVisible();

  // The buyer is told by email and buys at $80.
  const mail = await openMail(b.page, buyer.email, `Your offer on "${title}" was accepted`);
  // The mailbox shows the mail's link as its address: it opens the listing at the offer.
  await mail.getByRole('link', { name: /#offer$/ }).click();
  await expect(priceCard.getByRole('group', { name: 'Your offer' })).toBeFocused();
  // So does "Buy for" on the offers page, whose paged list the listing page's own offer query must not be read as.
  await b.page.goto('/offers?side=made');
  await b.page.getByRole('list', { name: 'Made offers' }).getByRole('link', { name: 'Buy for $80' }).click();
  await expect(priceCard.getByRole('group', { name: 'Your offer' })).toBeFocused();
  await expect(priceCard.getByText('Your offer was accepted')).toBeVisible();
  // "Buy now" became "Buy for" the offer's price: one way to buy, at the agreed price.
  await expect(priceCard.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await priceCard.getByRole('button', { name: 'Buy for $80' }).click();
  const buy = b.page.getByRole('dialog', { name: 'Buy this account?' });
  await buy.getByRole('button', { name: 'Pay $80' }).click();
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  await expect(
    b.page.getByRole('region', { name: 'Order summary' }).getByText('$80.00', { exact: true }),
  ).toBeVisible();

  // The offer shows as bought, with its order, on the buyer's list.
  await b.page.goto('/offers?side=made');
  const made = b.page.getByRole('list', { name: 'Made offers' }).getByRole('listitem').filter({ hasText: title });
  await expect(made.getByText('Bought', { exact: true })).toBeVisible();
  await expect(made.getByRole('link', { name: 'Open the order' })).toBeVisible();
});

test('on a phone, an offer reads its amount beside the listing price; a buyer-only account has no received offers tab', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Pia Pricey ${tag}`);
  const buyer = createUser('buyer', `Bo Bidder ${tag}`);
  const title = `Dear Valorant account ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 101_500, negotiable: true });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await postWithSession(b.context, baseURL!, `/api/listings/${listingId}/offers`, { amountCents: 90_000 });

  // A buyer's account receives no offers: only what it made, without a tab it can never use.
  await b.page.setViewportSize({ width: 390, height: 844 });
  await b.page.goto('/offers');
  await expect(b.page.getByRole('list', { name: 'Made offers' }).getByRole('listitem')).toHaveCount(1);
  await expect(b.page.getByRole('tab')).toHaveCount(0);

  // A seller keeps both; on the card the offer and the price it is against stay on one line.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.setViewportSize({ width: 390, height: 844 });
  await s.page.goto('/offers');
  await expect(s.page.getByRole('tab', { name: 'Received' })).toBeVisible();
  await expect(s.page.getByRole('tab', { name: 'Made' })).toBeVisible();
  const card = s.page.getByRole('list', { name: 'Received offers' }).getByRole('listitem').filter({ hasText: title });
  // Measured once the card has settled: a first look while the page was still laying out on a loaded machine once
  // found them on different lines.
  const middleOf = async (text: string, exact: boolean) => {
    const box = (await card.getByText(text, { exact }).boundingBox())!;
    return box.y + box.height / 2;
  };
  await expect
    .poll(async () => Math.abs((await middleOf('$900', true)) - (await middleOf('(price $1,015)', false))))
    .toBeLessThan(4);
});

test('an offer made while the seller has the offers page open appears in their list, as in its count', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Lu Listener ${tag}`);
  const buyer = createUser('buyer', `Ray Rapid ${tag}`);
  const title = `Live Apex account ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 20_000, negotiable: true });
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto('/offers');
  await expect(s.page.getByText('No offers received yet')).toBeVisible();
  // The page's socket is open: the menu's count has been read with it.
  await expect(s.page.getByRole('radio', { name: 'Waiting for you (0)' })).toBeAttached();

  const b = await signedInPage(browser, baseURL!, buyer.id);
  await postWithSession(b.context, baseURL!, `/api/listings/${listingId}/offers`, { amountCents: 15_000 });

  // The count and the list below it both show the new offer, without a reload.
  await expect(s.page.getByRole('radio', { name: 'Waiting for you (1)' })).toBeAttached();
  const row = s.page.getByRole('list', { name: 'Received offers' }).getByRole('listitem').filter({ hasText: title });
  await expect(row.getByRole('button', { name: 'Accept' })).toBeVisible();
});

test('on the offers page, each "Open the order" says which listing its order is for', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  await creditBalance(adminContext, baseURL!, buyer.id, 20_000);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  // Two offers accepted and bought: two rows, each with its order.
  const titles = [`First bargain account ${tag}`, `Second bargain account ${tag}`];
  for (const title of titles) {
    const listingId = insertListing(seller.id, { title, priceCents: 10_000, negotiable: true });
    const made = await postWithSession(b.context, baseURL!, `/api/listings/${listingId}/offers`, {
      amountCents: 8_000,
    });
    const offerId = ((await made.json()) as { id: string }).id;
    await postWithSession(s.context, baseURL!, `/api/offers/${offerId}/accept`, {});
    const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId, offerId });
    await postWithSession(b.context, baseURL!, `/api/orders/${((await ordered.json()) as { id: string }).id}/pay`, {});
  }

  await b.page.goto('/offers');
  const list = b.page.getByRole('list', { name: 'Made offers' });
  for (const title of titles) {
    const row = list.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByRole('link', { name: 'Open the order' })).toHaveAccessibleDescription(title);
  }
});

test('an offer refused in its dialog is read with why: the field is invalid as the focus reaches it', async ({
  browser,
  baseURL,
}) => {
  const names = { seller: 'Rae Refuser', buyer: 'Sam Shortoffer', title: 'Refused-offer Fortnite account' };
  const { b, priceCard } = await negotiableDeal(browser, baseURL!, names);
  await priceCard.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Make an offer' });
  const amount = dialog.getByRole('textbox', { name: 'Your offer (USD)' });
  await amount.fill('40');
  // What a screen reader reads as the field takes the focus: its state and description at that moment.
  await amount.evaluate((el) => {
    el.addEventListener('focus', () => {
      const described = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const text = described.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      el.dataset.readOnFocus = `${el.getAttribute('aria-invalid')}|${text}`;
    });
  });
  await dialog.getByRole('button', { name: 'Send offer' }).focus();
  await b.page.keyboard.press('Enter');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('data-read-on-focus', 'true|Offer at least $50, half the price.');
});
