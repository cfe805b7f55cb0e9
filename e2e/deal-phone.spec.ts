import { randomBytes } from 'node:crypto';
import type { Browser, Locator } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, signInContext, signedInPage } from './support/db';
import { creditBalance, deliverCredentials } from './support/orders';
import { insertListing } from './support/listings-db';
import { expectDeadlineOnce } from './support/order-page';
import { listingForEdit, postWithSession, sendWithSession } from './support/session-api';
import { startStripeServer } from './support/stripe-server';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };

/** Every image in the part has loaded and drawn something: none is the browser's broken-image box. */
async function expectNoBrokenImages(part: Locator) {
  const images = part.locator('img');
  await expect.poll(() => images.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  const broken = await images.evaluateAll((all) => all.filter((i) => (i as HTMLImageElement).naturalWidth === 0));
  expect(broken).toHaveLength(0);
}

test('on a phone, an order of a listing without screenshots shows no broken image, and once canceled it promises no credentials', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Nell Noshots ${tag}`);
  const buyer = createUser('buyer', `Otto Order ${tag}`);
  const title = `Rocket League account without screenshots ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 2500, screenshots: false });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  await b.page.setViewportSize(PHONE);
  await s.page.setViewportSize(PHONE);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  const orderId = ((await ordered.json()) as { id: string }).id;

  // The seller waits for the payment: the credentials card says when delivering comes, not that nothing came.
  await s.page.goto(`/orders/${orderId}`);
  const sellerSummary = s.page.getByRole('region', { name: 'Order summary' });
  await expect(sellerSummary.getByText('Awaiting payment')).toBeVisible();
  await expectNoBrokenImages(sellerSummary);
  // The seller's one countdown is the page's: the buyer's payment window is not theirs.
  await expect(s.page.getByRole('timer')).toHaveText(/^Expires unpaid in /);
  await expect(s.page.getByText(/reserved for you until/)).toHaveCount(0);
  await expect(s.page.getByRole('region', { name: 'Credentials' })).toContainText(
    'Once the buyer has paid, you deliver the login here.',
  );
  // Nor in the seller's own listings.
  await s.page.goto('/listing-management');
  await expect(s.page.getByRole('article', { name: title })).toBeVisible();
  await expectNoBrokenImages(s.page.getByRole('article', { name: title }));

  // The buyer thinks better of it and cancels before paying.
  await b.page.goto(`/orders/${orderId}`);
  await expectDeadlineOnce(b.page);
  const summary = b.page.getByRole('region', { name: 'Order summary' });
  await expectNoBrokenImages(summary);
  await b.page.getByRole('button', { name: 'Cancel order' }).click();
  await b.page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(summary.getByText('Canceled')).toBeVisible();
  // Canceled, the order will never bring credentials: the card does not say the seller has not delivered them "yet".
  const credentials = b.page.getByRole('region', { name: 'Credentials' });
  await expect(credentials).toContainText('No credentials were delivered for this order.');
  await expect(credentials).not.toContainText('yet');

  await b.page.goto('/orders');
  const item = b.page.getByRole('list', { name: 'Purchases' }).getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Canceled')).toBeVisible();
  await expectNoBrokenImages(item);
});

test('on a phone, back from paying by card the buyer is told the payment went through, with the focus on the order', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stripe = await startStripeServer();
  try {
    const seller = stripe.createUser('seller');
    const buyer = stripe.createUser('buyer');
    const listingId = stripe.insertListing(seller.id, 'Card-paid Fortnite account');
    const context = await browser.newContext({ viewport: PHONE });
    await stripe.signIn(context, buyer.id);
    const page = await context.newPage();
    await page.goto(`${stripe.url}/account/${seller.id}/${listingId}`);
    await page.getByRole('region', { name: 'Price and actions' }).getByRole('button', { name: 'Buy now' }).click();
    await page.getByRole('dialog', { name: 'Buy this account?' }).getByRole('button', { name: 'Pay $30' }).click();

    // Stripe's page (the local fake's): the buyer pays and comes back to the order.
    await page.getByRole('button', { name: 'Pay 30.00 USD' }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Paid, awaiting delivery')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment received. The seller has been asked to deliver.' }),
    ).toBeVisible();
    await expect(summary).toBeFocused();
  } finally {
    await stripe.stop();
  }
});

test('on a phone, a card payment confirmed while the buyer waits on the order is said once, not again as an order update', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stripe = await startStripeServer();
  try {
    const seller = stripe.createUser('seller');
    const buyer = stripe.createUser('buyer');
    const listingId = stripe.insertListing(seller.id, 'Late-confirmed Fortnite account');
    const context = await browser.newContext({ viewport: PHONE });
    await stripe.signIn(context, buyer.id);
    const page = await context.newPage();
    await page.goto(`${stripe.url}/account/${seller.id}/${listingId}`);
    const release = stripe.holdWebhooks();
    await page.getByRole('region', { name: 'Price and actions' }).getByRole('button', { name: 'Buy now' }).click();
    await page.getByRole('dialog', { name: 'Buy this account?' }).getByRole('button', { name: 'Pay $30' }).click();
    await page.getByRole('button', { name: 'Pay 30.00 USD' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Checking your payment' })).toBeVisible();

    // Stripe's confirmation arrives while the buyer is on the order: the payment message says it.
    await release();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Paid, awaiting delivery')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payment received. The seller has been asked to deliver.' }),
    ).toBeVisible();
    // The seller's delivery is the next thing the live line reads, and the only one: the payment was not read twice.
    const sellerContext = await browser.newContext();
    await stripe.signIn(sellerContext, seller.id);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await deliverCredentials(sellerContext, stripe.url, orderId, 'late-login');
    await expect(summary.getByText('Delivered, inspection')).toBeVisible();
    await expect(page.getByRole('log', { name: 'Order updates' }).locator('p')).toHaveText([
      /^Order update: Delivered, inspection \(.+, seller\)\.$/,
    ]);
  } finally {
    await stripe.stop();
  }
});

test('on a phone, the price bar with "Buy now" is read and tabbed to before the price card, not after the similar accounts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Tab Seller ${tag}`);
  const buyer = createUser('buyer', `Tab Buyer ${tag}`);
  const listingId = insertListing(seller.id, { title: `Keyboard phone account ${tag}`, negotiable: true });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  const bar = b.page.getByRole('region', { name: 'Price and actions' });
  await expect(bar.getByRole('button', { name: 'Buy now' })).toBeVisible();
  // After the screenshots and the text about the account (nothing to tab to), the next stop is buying.
  await b.page.getByRole('link', { name: 'Open the screenshot at full size' }).focus();
  await b.page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Buy now' })).toBeFocused();
  // A screen reader reads the bar before the price card and before the other listings.
  const order = await b.page.evaluate(() => {
    const named = (name: string) => document.querySelector(`section[aria-label="${name}"]`)!;
    const before = (a: Element, z: Element) => !!(a.compareDocumentPosition(z) & Node.DOCUMENT_POSITION_FOLLOWING);
    const barEl = named('Price and actions');
    return { beforeCard: before(barEl, named('Price')), beforeSimilar: before(barEl, named('Similar listings')) };
  });
  expect(order).toEqual({ beforeCard: true, beforeSimilar: true });
});

test('on a phone, paying with too little on the balance says so beside the Pay button, with what the balance holds, once however often it is pressed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Rich Seller ${tag}`);
  const buyer = createUser('buyer', `Short Buyer ${tag}`);
  const admin = createUser('admin');
  const listingId = insertListing(seller.id, { title: `Dear phone account ${tag}`, priceCents: 4500 });
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  await creditBalance(adminContext, baseURL!, buyer.id, 1250);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  await b.page.goto(`/orders/${((await ordered.json()) as { id: string }).id}`);
  await expectDeadlineOnce(b.page);

  const actions = b.page.getByRole('region', { name: 'Order actions' });
  const pay = actions.getByRole('button', { name: 'Pay $45.00' });
  // Before any press the page says what paying would meet, from the balance it reads; no alert, nothing was pressed.
  const ahead = actions.getByRole('status').filter({ hasText: 'Your balance is too low to pay this order.' });
  await expect(ahead).toContainText('You have $12.50 available; this order costs $45.00.');
  await expect(ahead.getByRole('link', { name: 'Your wallet' })).toHaveAttribute('href', '/wallet');
  await expect(actions.getByRole('alert')).toHaveCount(0);
  await pay.click();
  // It stays with the button it answers (a toast is gone in three seconds), and says how far the balance falls short.
  const refusal = actions.getByRole('alert');
  await expect(refusal).toContainText('Your balance is too low to pay this order.');
  await expect(refusal).toContainText('You have $12.50 available; this order costs $45.00.');
  await expect(refusal.getByRole('link', { name: 'Your wallet' })).toHaveAttribute('href', '/wallet');
  await expect(pay).toBeFocused();
  // Pressed again: still the one message, nothing stacked over the page.
  await pay.click();
  await expect(pay).toBeFocused();
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toHaveCount(1);
  await expect(b.page.getByRole('alert').filter({ hasText: 'Your balance is too low' })).toHaveCount(1);

  // Topped up, the reloaded page says nothing of a short balance once it has read it, and paying goes through.
  await creditBalance(adminContext, baseURL!, buyer.id, 3250);
  const walletRead = b.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wallet' && r.ok());
  await b.page.reload();
  await walletRead;
  await expect(pay).toBeVisible();
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toHaveCount(0);
  await pay.click();
  await expect(
    b.page.getByRole('region', { name: 'Order summary' }).getByText('Paid, awaiting delivery'),
  ).toBeVisible();
});

test('on a phone, "Buy now" refused for too little on the balance lands on the order with the refusal beside the Pay button', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Dear Seller ${tag}`);
  const buyer = createUser('buyer', `Hasty Buyer ${tag}`);
  const admin = createUser('admin');
  const listingId = insertListing(seller.id, { title: `Dearer phone account ${tag}`, priceCents: 4500 });
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  await creditBalance(adminContext, baseURL!, buyer.id, 1250);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  await b.page.getByRole('region', { name: 'Price and actions' }).getByRole('button', { name: 'Buy now' }).click();
  await b.page.getByRole('dialog', { name: 'Buy this account?' }).getByRole('button', { name: 'Pay $45' }).click();

  // The order waits for payment, and its page says why the first try was refused as it says its own refusals.
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  await expectDeadlineOnce(b.page);
  const actions = b.page.getByRole('region', { name: 'Order actions' });
  const refusal = actions.getByRole('alert');
  await expect(refusal).toContainText('Your balance is too low to pay this order.');
  await expect(refusal).toContainText('You have $12.50 available; this order costs $45.00.');
  await expect(refusal.getByRole('link', { name: 'Your wallet' })).toHaveAttribute('href', '/wallet');
  const pay = actions.getByRole('button', { name: 'Pay $45.00' });
  await expect(pay).toBeFocused();
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toHaveCount(1);
  // Pressed again here: the same one message, from this try.
  await pay.click();
  await expect(pay).toBeFocused();
  await expect(refusal).toContainText('You have $12.50 available; this order costs $45.00.');
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toHaveCount(1);

  // Reloaded, the carried refusal is gone, but the order still waits and the balance still falls short: said again.
  await b.page.reload();
  const ahead = actions.getByRole('status').filter({ hasText: 'Your balance is too low to pay this order.' });
  await expect(ahead).toContainText('You have $12.50 available; this order costs $45.00.');
  await expect(ahead.getByRole('link', { name: 'Your wallet' })).toHaveAttribute('href', '/wallet');
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toHaveCount(1);
});

test('on a phone, a long seller name on the listing page wraps whole in the seller card instead of being cut', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // 40 characters, the longest a display name may be, its first word wider than the card.
  const name = `Wolfeschlegelsteinhausenbergerdorff ${randomBytes(2).toString('hex')}`;
  const seller = createUser('seller', name);
  const buyer = createUser('buyer');
  const listingId = insertListing(seller.id, { title: `Long-named seller's account ${name.slice(-4)}` });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  const card = b.page.getByRole('region', { name: 'About the seller' });
  const link = card.getByRole('link', { name });
  await expect(link).toBeVisible();
  // None of it is hidden: the link is as wide as its text, and within the card.
  expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const [l, c] = [(await link.boundingBox())!, (await card.boundingBox())!];
  expect(l.x + l.width).toBeLessThanOrEqual(c.x + c.width);
  expect(await b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('on a phone, an unpaid order says until when the listing is held, what happens then and how to top up; nearly over is said once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Clock Seller ${tag}`);
  const buyer = createUser('buyer', `Clock Buyer ${tag}`);
  const listingId = insertListing(seller.id, { title: `Timed phone account ${tag}`, priceCents: 4500 });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  // The page's clock, which the journey moves on to the end of the 15 minutes the order holds the listing.
  await b.context.clock.install();
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  await b.page.goto(`/orders/${((await ordered.json()) as { id: string }).id}`);

  const actions = b.page.getByRole('region', { name: 'Order actions' });
  const left = actions.getByText(
    /^The listing is reserved for you until \d+ \w+ \d{4}, \d\d:\d\d [A-Z][\w+-]* \(14 min left\)\./,
  );
  await expect(left).toContainText(
    'If the order is not paid by then, it expires and the listing is offered to others again.',
  );
  // The time left is redrawn, but from no live region: a screen reader is not read it again at each change.
  expect(await left.evaluate((el) => !el.closest('[aria-live], [role=status], [role=alert], [role=log]'))).toBe(true);
  const nearlyOver = 'Less than 5 minutes left to pay this order.';
  await expect(actions.getByText(nearlyOver)).toHaveCount(0);
  // Said once: no countdown to the same time beside the order summary.
  await expectDeadlineOnce(b.page);

  // Ten minutes on: said in words with an icon, not by colour alone, and once in the live region.
  await b.context.clock.fastForward('10:00');
  await expect(
    actions.getByText(/^Less than 5 minutes left to pay\. The listing is reserved .+ \(4 min left\)/),
  ).toBeVisible();
  await expect(actions.getByRole('status').filter({ hasText: nearlyOver })).toHaveCount(1);
  await expectDeadlineOnce(b.page);
  await b.context.clock.fastForward('05:00');
  await expect(
    actions.getByText('The time to pay has run out: the order expires and the listing is offered to others again.'),
  ).toBeVisible();
  await expect(actions.getByRole('status').filter({ hasText: 'The time to pay this order has run out.' })).toHaveCount(
    1,
  );

  // Paid from the balance: the way to add to it is beside Pay, and leads to the wallet's top-up, in view.
  await expect(actions).toContainText('You pay from your available balance.');
  await actions.getByRole('link', { name: 'Top up your balance' }).click();
  await expect(b.page).toHaveURL(/\/wallet#top-up$/);
  const topUp = b.page.getByRole('region', { name: 'Top up your balance' });
  await expect(topUp).toBeFocused();
  await expect(topUp).toBeInViewport();
  await expect(topUp).toContainText('Orders are paid from your available balance.');
  await expect(topUp).toContainText(
    "To add money, email support@accountry.example from your account's email address with the amount: we reply " +
      'with the bank details for a transfer. When it arrives, an admin adds it to your available balance and we ' +
      'email you; the line shows in your balance history.',
  );
  await expect(topUp.getByRole('link', { name: 'support@accountry.example' })).toHaveAttribute(
    'href',
    'mailto:support@accountry.example',
  );
  // A buyer's wallet: the balance, its top-up and history, and none of a seller's payout parts.
  await expect(b.page.getByRole('heading', { level: 2, name: 'Balance history' })).toBeVisible();
  for (const seller of ['Payout details', 'Request a payout', 'Payout history'])
    await expect(b.page.getByRole('heading', { name: seller })).toHaveCount(0);
  await expect(b.page.getByLabel('Held for payouts: $0.00')).toHaveCount(0);
  await expect(
    b.page.getByText(
      'Payouts are for sellers. To withdraw your balance, change your role to Seller or Both in your profile.',
    ),
  ).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/profile');
});

test('on a phone, an order of a listing whose title is one long word shows the whole title in its summary', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const title = `Fortnite_account_with_every_battle_pass_since_chapter_one_${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 2500 });
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.setViewportSize(PHONE);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  const orderId = ((await ordered.json()) as { id: string }).id;

  await b.page.goto(`/orders/${orderId}`);
  const summary = b.page.getByRole('region', { name: 'Order summary' });
  const link = summary.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  // Wrapped within its box, not cut off at the card's edge: nothing of it lies beyond what is drawn.
  expect(await link.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
});

/** A buyer with $100 on the balance, on a phone, on the page of a $45 listing titled `title` (tagged). */
async function buyerOnListing(browser: Browser, baseURL: string, title: string) {
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const listingId = insertListing(seller.id, { title: `${title} ${randomBytes(2).toString('hex')}`, priceCents: 4500 });
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL, createUser('admin').id);
  await creditBalance(adminContext, baseURL, buyer.id, 10_000);
  const b = await signedInPage(browser, baseURL, buyer.id);
  await b.page.setViewportSize(PHONE);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  return { seller, listingId, b };
}

test('on a phone, "Buy now" refused for a new price keeps the dialog open, saying why, at the new price', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { seller, listingId, b } = await buyerOnListing(browser, baseURL!, 'Repriced phone account');
  // The seller raises the price, in the listing's editor, just as the buyer pays at the old one.
  const s = await signedInPage(browser, baseURL!, seller.id);
  const { fields } = await listingForEdit(s.context, baseURL!, listingId);
  await b.page.route('**/api/orders', async (route) => {
    const edited = { ...fields, priceCents: 5000 };
    await sendWithSession(s.context, baseURL!, 'PUT', `/api/listings/${listingId}`, edited);
    return route.continue();
  });
  await b.page.getByRole('region', { name: 'Price and actions' }).getByRole('button', { name: 'Buy now' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Buy this account?' });
  await dialog.getByRole('button', { name: 'Pay $45' }).click();

  // The refusal stays in the dialog (a toast is gone in three seconds), read out, with the focus; the dialog now asks
  // the new price.
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toHaveText('The price changed while you were buying. Check the new price and buy again.');
  await expect(refusal).toBeFocused();
  await expect(dialog).toContainText('You pay $50 for');
  await b.page.unrouteAll();
  await dialog.getByRole('button', { name: 'Pay $50' }).click();
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  await expect(
    b.page.getByRole('region', { name: 'Order summary' }).getByText('Paid, awaiting delivery'),
  ).toBeVisible();
});

test('on a phone, "Buy now" refused as another buyer took it says why, and the focus stays on the page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { listingId, b } = await buyerOnListing(browser, baseURL!, 'Contested phone account');
  const r = await signedInPage(browser, baseURL!, createUser('buyer').id);
  // Another buyer orders it just before this one's order arrives.
  await b.page.route('**/api/orders', async (route) => {
    await postWithSession(r.context, baseURL!, '/api/orders', { listingId });
    return route.continue();
  });
  const bar = b.page.getByRole('region', { name: 'Price and actions' });
  await bar.getByRole('button', { name: 'Buy now' }).click();
  await b.page.getByRole('dialog', { name: 'Buy this account?' }).getByRole('button', { name: 'Pay $45' }).click();

  // The bar no longer offers "Buy now": why is still said, read out, and the focus has not fallen to the page's body.
  await expect(
    b.page.getByRole('alert').filter({ hasText: 'Someone else is already buying this listing.' }),
  ).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(bar).toContainText('Reserved');
  await expect.poll(() => b.page.evaluate(() => document.activeElement !== document.body)).toBe(true);
});
