import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { insertChargebackOnCompletedOrder } from './support/chargebacks-db';
import { createUser, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { creditBalance } from './support/orders';
import { requestPayouts } from './support/wallet';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('a chargeback on a paid sale keeps its amount from payouts: the seller is told why, the admin is warned', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = createUser('seller', `Cole Payee ${randomBytes(2).toString('hex')}`);
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const title = 'Charged-back Rocket League account';
  const listingId = insertListing(seller.id, { title, priceCents: 15_000 });
  const a = await signedInPage(browser, baseURL!, admin.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  await creditBalance(a.context, baseURL!, seller.id, 20_000);
  // The seller asks for $100.00; then the buyer's bank opens a chargeback on a sale they were already paid for.
  await requestPayouts(s.context, baseURL!, seller.id, [10_000]);
  const orderId = insertChargebackOnCompletedOrder(listingId, buyer.id, seller.id, 15_000);
  const held = `$150.00 is held while the chargeback on the order for “${title}” is open.`;

  // On a phone, the wallet says what is held and why, with the order; the form says nothing can be asked for now.
  await s.page.setViewportSize({ width: 390, height: 844 });
  await s.page.goto('/wallet');
  const notice = s.page.getByRole('region', { name: 'Held for chargebacks' });
  await expect(notice).toContainText(held);
  await expect(notice.getByRole('link', { name: title })).toHaveAttribute('href', `/orders/${orderId}`);
  await expect(notice).toContainText('Payouts can take the rest of your available balance: $0.00.');
  await expect(s.page.getByLabel('Available balance: $100.00')).toContainText(
    '$150.00 held for chargebacks: $0.00 can be withdrawn',
  );
  const form = s.page.getByRole('form', { name: 'Request a payout' });
  await expect(form).toContainText(`You cannot ask for a payout now: ${held}`);
  await expectNoSeriousA11yViolations(s.page, '/wallet with a chargeback hold');
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The admin sees it on the payout before sending the money, and is warned when marking it paid.
  await a.page.goto('/admin/payouts');
  const row = a.page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: seller.displayName });
  await expect(row).toContainText(
    `Chargebacks hold $150.00; ${seller.displayName} has $100.00 available beside this payout. Check their user page ` +
      'before sending it.',
  );
  await expect(row.getByRole('link', { name: 'their user page' })).toHaveAttribute('href', `/admin/users/${seller.id}`);
  await row.getByRole('button', { name: `Mark paid: $100.00 to ${seller.displayName}` }).click();
  const paying = a.page.getByRole('dialog', { name: 'Mark this payout as paid?' });
  await paying.getByRole('textbox', { name: 'Transfer reference' }).fill(`CB-${randomBytes(4).toString('hex')}`);
  await a.page.keyboard.press('Enter');
  const warning = paying.getByRole('alert');
  await expect(warning).toHaveText(
    `${seller.displayName} has $150.00 held for a chargeback on the order for “${title}” and only $100.00 available ` +
      'beside this payout: once it is paid, $50.00 of it may never be recovered. If you have not sent it yet, reject ' +
      'it instead; the amount then stays in their balance until the chargeback is settled.',
  );
  await expect(warning).toBeFocused();
  await expectNoSeriousA11yViolations(a.page, '/admin/payouts with the chargeback warning');
  // It was sent already: recorded anyway.
  await paying.getByRole('button', { name: 'Mark paid anyway' }).click();
  await expect(a.page.getByText('Payout marked as paid.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Money the seller pays in beyond what is held can be asked for: the form says how much, and refuses more.
  await creditBalance(a.context, baseURL!, seller.id, 10_000);
  await s.page.reload();
  const amount = form.getByRole('textbox', { name: 'Amount (USD)' });
  await expect(form).toContainText('Minimum $10.00 · up to $50.00: $150.00 is held for chargebacks');
  await amount.fill('100');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(form.getByRole('alert')).toHaveText(`You can ask for at most $50.00: ${held}`);
  await expect(amount).toBeFocused();
  await amount.fill('50');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await s.page
    .getByRole('dialog', { name: 'Request a payout?' })
    .getByRole('button', { name: 'Request $50.00' })
    .click();
  await expect(s.page.getByText('Payout requested. An admin will send it and mark it paid.')).toBeVisible();
  await expect(notice).toContainText('Payouts can take the rest of your available balance: $0.00.');
});
