import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/test';
import { createUser, openE2eDb, signInContext, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { changeNextBody } from './support/change-request';
import { creditBalance, deliverCredentials } from './support/orders';
import { postWithSession } from './support/session-api';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('a buyer buys an account, the seller delivers and corrects a typo, the buyer reveals and accepts; after protection the seller is paid and the buyer reviews', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Sol Seller ${tag}`);
  const buyer = createUser('buyer', `Bo Buyer ${tag}`);
  const admin = createUser('admin');
  const title = `Fortnite account with Galaxy skin ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 9900 });

  // The seller gives the listing a 5-day protection period (the journey server shortens every period to seconds).
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto(`/listing-management/${listingId}/edit`);
  // Another journey's announcement may slide in above the form while the list is open and move the option away from
  // the pointer (the click then lands on the field below and closes the list): open it and pick again until chosen.
  const protection = s.page.getByRole('combobox', { name: 'Protection period' });
  await expect(async () => {
    if ((await protection.getAttribute('aria-expanded')) !== 'true') await protection.click();
    await s.page.getByRole('option', { name: '5 days' }).click({ timeout: 2000 });
    await expect(protection).toHaveValue('5 days', { timeout: 500 });
  }).toPass();
  await s.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(s.page.getByText('Changes saved.')).toBeVisible();

  // An admin records the buyer's bank transfer.
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  await creditBalance(adminContext, baseURL!, buyer.id, 20_000);

  // The buyer sees price, delivery time and protection, and buys after confirming.
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  const priceCard = b.page.getByRole('region', { name: 'Price' });
  await expect(priceCard.getByText('$99')).toBeVisible();
  await expect(priceCard.getByText('Delivery: instant · 5 days protection')).toBeVisible();
  await priceCard.getByRole('button', { name: 'Buy now' }).click();
  const buy = b.page.getByRole('dialog', { name: 'Buy this account?' });
  await expect(buy.getByText(/5-day protection period/)).toBeVisible();
  // Its close button has a name a screen reader can say.
  await expect(buy.getByRole('button', { name: 'Close' })).toBeVisible();
  await buy.getByRole('button', { name: 'Pay $99' }).click();
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  const orderUrl = b.page.url();
  const summary = b.page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Paid, awaiting delivery')).toBeVisible();
  // Each party reads the other by name, linked where there is a profile to show, and themselves as plain text.
  await expect(summary.getByRole('link', { name: seller.displayName })).toBeVisible();
  await expect(summary.getByRole('link', { name: buyer.displayName })).toHaveCount(0);
  await expect(b.page.getByRole('timer')).toContainText('Canceled and refunded unless delivered in');
  await expect(b.page.getByText(`${seller.displayName} has not delivered the credentials yet.`)).toBeVisible();
  await expect(b.page.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveCount(2);

  // While the order is open the listing moves only with it: the seller can view or copy it, not change it.
  await s.page.goto('/listing-management');
  await expect(
    s.page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Order in progress' }),
  ).toBeVisible();
  await s.page.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(s.page.getByRole('menu').getByRole('menuitem')).toHaveText(['View', 'Duplicate']);
  await s.page.keyboard.press('Escape');
  await s.page.goto(`/listing-management/${listingId}/edit`);
  await expect(
    s.page.getByText('This listing has an order in progress. It cannot be changed or deleted until the order ends.'),
  ).toBeVisible();
  await expect(s.page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

  // The listing is reserved for everyone else; the account menu counts the sale as waiting for the seller, and leads
  // to it under Orders › Sales, filtered on what waits.
  await s.page.goto('/');
  await s.page.getByRole('button', { name: `Account menu for ${seller.displayName} (1 waiting for you)` }).click();
  await s.page.getByRole('menuitem', { name: 'Orders (1 waiting for you)' }).click();
  await expect(s.page).toHaveURL(/side=sales&status=waiting/);
  await expect(s.page.getByRole('tab', { name: 'Sales (1 waiting for you)', selected: true })).toBeVisible();
  await expect(s.page.getByRole('combobox', { name: 'Status' })).toHaveValue('Waiting for you');
  const sale = s.page.getByRole('list', { name: 'Sales' }).getByRole('listitem').filter({ hasText: title });
  await expect(sale).toContainText(/Your turn: Deliver the credentials by .*, or the order is canceled and refunded\./);
  await sale.getByRole('link', { name: title }).click();
  await expect(s.page.getByRole('heading', { level: 1, name: `Sale: ${title}` })).toBeVisible();
  await expect(s.page.getByRole('timer')).toContainText('Deliver the credentials within');
  // What the sale pays the seller, after the platform fee (5% of $99).
  await expect(
    s.page.getByRole('region', { name: 'Order summary' }).getByText('$94.05, after the platform fee'),
  ).toBeVisible();
  const sellerSummary = s.page.getByRole('region', { name: 'Order summary' });
  await expect(sellerSummary.getByText(seller.displayName, { exact: true })).toBeVisible();
  await expect(sellerSummary.getByRole('link', { name: seller.displayName })).toHaveCount(0);

  // The order's conversation tells both sides what happened (system messages) and leads back to the order.
  await s.page.getByRole('link', { name: 'Open the conversation' }).click();
  const notices = s.page
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: /^Update from Accountry at / });
  await expect(notices.filter({ hasText: 'The buyer has paid.' })).toBeVisible();
  await s.page.getByRole('link', { name: 'View order' }).click();
  await expect(s.page.getByRole('heading', { level: 1, name: `Sale: ${title}` })).toBeVisible();

  // Delivering needs at least one field; then it asks before handing them over.
  const deliver = s.page.getByRole('form', { name: 'Deliver the credentials' });
  await deliver.getByRole('button', { name: 'Deliver the credentials' }).click();
  // The message takes the focus: on a phone it sits a screen above the button.
  await expect(
    deliver.getByRole('alert').filter({
      hasText: 'Enter at least one of login, password, email access, recovery codes or notes.',
    }),
  ).toBeFocused();
  await deliver.getByRole('textbox', { name: 'Login' }).fill(`galaxy_${tag}`);
  await deliver.getByRole('textbox', { name: 'Password' }).fill('Nebula-Secret-42');
  // A refusal about a field, as the server checks it: the dialog closes and the message is said once, on the field,
  // which has the focus, since that is what must change.
  const deliverDialog = s.page.getByRole('dialog', { name: 'Deliver the credentials?' });
  const login = deliver.getByRole('textbox', { name: 'Login' });
  await deliver.getByRole('button', { name: 'Deliver the credentials' }).click();
  await changeNextBody(s.page, '**/api/orders/*/deliver', (body) => ({
    credentials: { ...(body.credentials as object), login: 'x'.repeat(2001) },
  }));
  await deliverDialog.getByRole('button', { name: 'Deliver' }).click();
  await expect(deliverDialog).toBeHidden();
  await expect(s.page.getByText('Each credentials field holds at most 2000 characters.')).toHaveCount(1);
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('aria-invalid', 'true');
  await deliver.getByRole('button', { name: 'Deliver the credentials' }).click();
  await deliverDialog.getByRole('button', { name: 'Deliver' }).click();
  await expect(s.page.getByText('Credentials delivered. The buyer has 72 hours to check the account.')).toBeVisible();
  await expect(s.page.getByText('The buyer has not viewed them yet.')).toBeVisible();
  // Delivered, the sale waits for the seller no more; the purchase waits for its buyer's check.
  await expect(
    s.page.getByRole('button', { name: `Account menu for ${seller.displayName}`, exact: true }),
  ).toBeVisible();
  await expect(
    b.page.getByRole('button', { name: `Account menu for ${buyer.displayName} (1 waiting for you)` }),
  ).toBeVisible();

  // A typo in the password: before the buyer reveals them, the seller replaces them, after confirming.
  const sellerCredentials = s.page.getByRole('region', { name: 'Credentials' });
  await expect(
    sellerCredentials.getByText('A typo? You can replace them up to 3 more times, until the buyer reveals them.'),
  ).toBeVisible();
  await sellerCredentials.getByRole('button', { name: 'Correct the credentials' }).click();
  const correction = s.page.getByRole('form', { name: 'Correct the credentials' });
  // The form takes the focus, on its first field, and says the whole set is replaced.
  await expect(correction.getByRole('textbox', { name: 'Login' })).toBeFocused();
  await expect(
    correction.getByText(
      'Fill in every field again, including the ones that were right: the new set replaces the old one completely.',
      { exact: false },
    ),
  ).toBeVisible();
  await correction.getByRole('textbox', { name: 'Login' }).fill(`galaxy_${tag}`);
  await correction.getByRole('textbox', { name: 'Password' }).fill('Nebula-Secret-43');
  await correction.getByRole('button', { name: 'Replace the credentials' }).click();
  const replace = s.page.getByRole('dialog', { name: 'Replace the credentials?' });
  await expect(replace.getByText(/The time to check the account is not extended\./)).toBeVisible();
  await replace.getByRole('button', { name: 'Replace them' }).click();
  await expect(
    s.page.getByText('Credentials corrected. The buyer has been told; the time to check the account is unchanged.'),
  ).toBeVisible();
  await expect(
    sellerCredentials.getByText('Corrected once after delivery; the buyer sees only the latest.'),
  ).toBeVisible();
  await expect(sellerCredentials.getByRole('button', { name: 'Correct the credentials' })).toBeFocused();
  await expect(
    sellerCredentials.getByText('A typo? You can replace them up to 2 more times, until the buyer reveals them.'),
  ).toBeVisible();
  // The seller starts a second correction, which the buyer's reveal will overtake.
  await sellerCredentials.getByRole('button', { name: 'Correct the credentials' }).click();
  await correction.getByRole('textbox', { name: 'Login' }).fill(`galaxy2_${tag}`);
  await correction.getByRole('textbox', { name: 'Password' }).fill('Nebula-Secret-44');

  // The buyer reveals them, the corrected ones, and sees the correction in the history; the seller sees when.
  await b.page.reload();
  await expect(summary.getByText('Delivered, inspection')).toBeVisible();
  const correctedEntry = b.page
    .getByRole('list', { name: 'Order history' })
    .getByRole('listitem')
    .filter({ hasText: 'Credentials corrected' });
  // The buyer is not told how many corrections the seller has left.
  await expect(correctedEntry).toContainText(
    'The seller replaced the credentials before you revealed them. Your time to check the account is unchanged.',
  );
  await expect(correctedEntry).not.toContainText('Correction 1 of 3');
  await expect(b.page.getByRole('timer')).toContainText('Check the account, then accept it or open a dispute within');
  await b.page.getByRole('button', { name: 'Reveal' }).click();
  // The button gives way to the credentials, and the focus goes to them.
  await expect(b.page.getByRole('group', { name: 'The credentials' })).toBeFocused();
  const credentials = b.page.getByRole('region', { name: 'Credentials' });
  await expect(credentials.getByText(`galaxy_${tag}`)).toBeVisible();
  await expect(credentials.getByText('Nebula-Secret-43')).toBeVisible();
  await expect(credentials.getByText('Nebula-Secret-42')).toHaveCount(0);
  // The seller's second correction comes too late: the dialog and the form close, and the card says why.
  await correction.getByRole('button', { name: 'Replace the credentials' }).click();
  await replace.getByRole('button', { name: 'Replace them' }).click();
  await expect(replace).toBeHidden();
  await expect(correction).toHaveCount(0);
  // The focus stays in the card, on the summary that now says why.
  await expect(sellerCredentials.locator(':focus')).toHaveCount(1);
  await expect(s.page.getByText(/^Buyer viewed the credentials at /)).toBeVisible();
  // Revealed, they can no longer be corrected: the page says the chat is the way.
  await expect(
    sellerCredentials.getByText(
      'The buyer has already revealed the credentials, so they can no longer be corrected. Tell the buyer in the ' +
        'chat what is wrong; if you cannot sort it out, the buyer can open a dispute.',
    ),
  ).toBeVisible();
  await expect(sellerCredentials.getByRole('button', { name: 'Correct the credentials' })).toHaveCount(0);

  // The buyer accepts the account; the protection period starts.
  await b.page.getByRole('button', { name: 'Accept the account' }).click();
  await b.page
    .getByRole('dialog', { name: 'Accept the account?' })
    .getByRole('button', { name: 'Accept the account' })
    .click();
  await expect(b.page.getByText('Thank you! The protection period has started.')).toBeVisible();
  await expect(summary.getByText('Protection period')).toBeVisible();
  // What comes next includes the review, from the end of the protection period for 30 days.
  await expect(b.page.getByRole('region', { name: 'What happens next' })).toContainText(
    'When the protection period ends, you can rate the seller on this page until',
  );

  // The shortened protection period ends and the sweep completes the order; the page follows by itself.
  await expect(summary.getByText('Completed')).toBeVisible({ timeout: 30_000 });
  await expect(b.page.getByRole('button', { name: 'Open a dispute' })).toHaveCount(0);

  // The seller's balance grew by the price less the 5% fee.
  await s.page.goto('/wallet');
  await expect(s.page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(s.page.getByLabel('Available balance: $94.05')).toBeVisible();
  // Its balance history names the listing sold, links to the order and shows the fee taken from the price.
  const saleLine = s.page
    .getByRole('table', { name: 'Balance history' })
    .getByRole('row')
    .filter({ hasText: 'Sale completed' });
  await expect(saleLine.getByRole('link', { name: title })).toHaveAttribute('href', new URL(orderUrl).pathname);
  await expect(saleLine.getByText('$94.05 added to your available balance')).toBeVisible();
  await expect(saleLine.getByText('Sale price $99.00, platform fee $4.95, you received $94.05.')).toBeVisible();
  await expect(saleLine).toContainText('+$94.05');

  // The buyer reviews the seller, once.
  await b.page.goto(orderUrl);
  const review = b.page.getByRole('region', { name: `Rate ${seller.displayName}` });
  await review.getByRole('button', { name: 'Publish review' }).click();
  await expect(review.getByText('Choose a rating from 1 to 5')).toBeVisible();
  // The stars are a group named and described by its label and message, marked invalid, and take the focus.
  const stars = review.getByRole('radiogroup', { name: 'Your rating' });
  await expect(stars).toHaveAttribute('aria-invalid', 'true');
  await expect(stars).toHaveAccessibleDescription('Choose a rating from 1 to 5');
  await expect(review.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
  await review.getByRole('radio', { name: '5 stars' }).focus();
  await b.page.keyboard.press('Space');
  await review.getByRole('textbox', { name: 'Your review' }).fill('Smooth handover, the login worked right away.');
  await review.getByRole('button', { name: 'Publish review' }).click();
  await expect(b.page.getByText('Thank you for your review!')).toBeVisible();
  await expect(review).toHaveCount(0);
});

test('accepting the account says how much goes to which seller, and when', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Paula Payee ${tag}`);
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, buyer.id, 10_000);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  const deliveredOrder = async (title: string, priceCents: number) => {
    const listingId = insertListing(seller.id, { title: `${title} ${tag}`, priceCents });
    const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
    const orderId = ((await ordered.json()) as { id: string }).id;
    await postWithSession(b.context, baseURL!, `/api/orders/${orderId}/pay`, {});
    await deliverCredentials(s.context, baseURL!, orderId, `payee_${tag}`);
    return orderId;
  };
  const askAccept = async (orderId: string) => {
    await b.page.goto(`/orders/${orderId}`);
    await b.page.getByRole('button', { name: 'Accept the account' }).click();
    return b.page.getByRole('dialog', { name: 'Accept the account?' });
  };

  // With a protection period the money waits for its end.
  const protectedOrder = await deliveredOrder('Protected Minecraft account', 4_500);
  await expect(await askAccept(protectedOrder)).toHaveAccessibleDescription(
    'Only accept once you have signed in and secured the account. The 14-day protection period starts now; you can ' +
      'still open a dispute during it if you lose access. ' +
      `When it ends, the $45.00 you paid is released to ${seller.displayName}.`,
  );

  // Without one it is paid at once.
  const unprotectedOrder = await deliveredOrder('Unprotected Minecraft account', 3_000);
  const db = openE2eDb();
  db.prepare('update orders set protection_days = 0 where id = ?').run(unprotectedOrder);
  db.close();
  await expect(await askAccept(unprotectedOrder)).toHaveAccessibleDescription(
    'Only accept once you have signed in and secured the account. ' +
      `The $30.00 you paid is released to ${seller.displayName} right away.`,
  );
});
