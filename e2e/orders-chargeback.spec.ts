import { ADMIN_WAITING_LINKS, adminWaitingOrders, type AdminWaiting } from '@accountry/shared/admin-waiting';
import { expect as baseExpect, test } from './support/test';
import { changeNextBody } from './support/change-request';
import { createUser, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { holdForChargeback, insertChargebackAfterPartialRefund, insertHeldOrder } from './support/chargebacks-db';
import { creditBalance, deliverCredentials } from './support/orders';
import { postWithSession } from './support/session-api';
import { expectNoSeriousA11yViolations } from './support/axe';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('an order on hold for a chargeback says so to the buyer and the admin, and offers no move', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const listingId = insertListing(seller.id, { title: 'Held Apex Legends account', priceCents: 12_000 });
  // The bank disputes part of the payment; Stripe charged the platform its fee.
  const orderId = insertHeldOrder(listingId, buyer.id, seller.id, 12_000, { amountCents: 3_000, feeCents: 1_500 });

  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.goto(`/orders/${orderId}`);
  const notice = b.page.getByRole('region', { name: 'Chargeback under review' });
  await expect(notice).toContainText('Your bank disputed $30.00 of the $120.00 card payment on');
  // The fee is the platform's business.
  await expect(notice).not.toContainText('dispute fee');
  await expect(notice).toContainText('the cardholder says the account never arrived.');
  await expect(notice).toContainText('While the bank reviews it the order is paused: no one can accept, dispute');
  await expect(b.page.getByRole('button', { name: /Accept the account/ })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: /Open a dispute/ })).toHaveCount(0);
  await expect(b.page.getByRole('region', { name: 'What happens next' })).toHaveCount(0);
  await expect(b.page.getByText('On hold: chargeback')).toBeVisible();
  await expect(b.page.getByText('On hold', { exact: true })).toBeVisible();

  const a = await signedInPage(browser, baseURL!, admin.id);
  await a.page.goto(`/admin/orders/${orderId}`);
  const seen = a.page.getByRole('region', { name: 'Chargeback under review' });
  await expect(seen).toContainText("The buyer's bank disputed $30.00 of the $120.00 card payment on");
  await expect(seen).toContainText(
    "Stripe charged the platform a $15.00 dispute fee, booked as the platform's cost. It is not charged to the " +
      'seller; if they should bear it, use a balance correction on',
  );
  await expect(seen.getByRole('link', { name: /user page/ })).toHaveAttribute('href', `/admin/users/${seller.id}`);
});

test('a chargeback lost after a partial refund is recovered from the seller by an admin', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const listingId = insertListing(seller.id, { title: 'Refunded Fortnite account', priceCents: 20_000 });
  // The seller was paid $142.50 of it before the bank took the other $150.00 back.
  const orderId = insertChargebackAfterPartialRefund(listingId, buyer.id, seller.id, 20_000, 5_000, 15_000);

  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, seller.id, 14_250);
  // The money still to recover waits for the admins (decision 186): the Orders section counts it, and its filter
  // lists the order.
  const waiting = (await (await a.page.request.get('/api/admin/waiting')).json()) as AdminWaiting;
  expect(waiting.chargebacksToRecover).toBeGreaterThanOrEqual(1);
  await a.page.goto(ADMIN_WAITING_LINKS.chargebacksToRecover);
  const sections = a.page.getByRole('navigation', { name: 'Admin sections' });
  const ordersCount = adminWaitingOrders(waiting);
  await expect(sections.getByRole('link', { name: `Orders (${ordersCount} waiting)` })).toBeVisible();
  await expect(a.page.getByRole('combobox', { name: 'Status' })).toHaveValue('Chargebacks to recover');
  const listed = a.page.locator(`a[href="/admin/orders/${orderId}"]`);
  await expect(listed.first()).toBeVisible();
  // The row says how much is left to recover.
  const row = a.page.getByRole('row').filter({ has: listed });
  await expect(row).toContainText('Chargeback: $150.00 to recover');
  await a.page.goto(`/admin/orders/${orderId}`);
  const notice = a.page.getByRole('region', { name: 'Chargeback decided for the buyer' });
  await expect(notice).toContainText(
    "The seller was paid before the chargeback and the bank took $150.00 back: recover it from the seller's " +
      'balance below. Their balance is on',
  );
  await expect(notice).not.toContainText('as in a partial refund');
  await expect(notice.getByRole('link', { name: /user page/ })).toHaveAttribute('href', `/admin/users/${seller.id}`);

  const recovery = a.page.getByRole('region', { name: 'Recover chargeback' });
  await expect(recovery).toContainText('Left to recover$150.00');
  await expect(recovery).toContainText(`${seller.displayName}'s available balance$142.50`);
  await expectNoSeriousA11yViolations(a.page);
  const amount = recovery.getByRole('textbox', { name: 'Amount to recover (USD)' });
  // The field offers what can be taken now: the lower of what is left and the seller's balance.
  await expect(amount).toHaveValue('$142.50');
  await amount.fill('200');
  await recovery.getByRole('button', { name: 'Recover chargeback' }).click();
  await expect(recovery.getByText('That is more than is left to recover of this chargeback.')).toBeVisible();
  await expect(amount).toBeFocused();
  // More than the seller holds: refused on the field, before any dialog.
  await amount.fill('150');
  await recovery.getByRole('button', { name: 'Recover chargeback' }).click();
  await expect(recovery.getByText("The member's available balance is lower than that.")).toBeVisible();
  await expect(amount).toBeFocused();
  const dialog = a.page.getByRole('dialog', { name: 'Recover chargeback?' });
  await expect(dialog).toHaveCount(0);
  await amount.fill('142.50');
  // A refusal about the amount, as the server checks it: the dialog closes and the message is said once, on the field,
  // which has the focus, since the amount is what must change.
  await recovery.getByRole('button', { name: 'Recover chargeback' }).click();
  await changeNextBody(a.page, `**/api/admin/orders/${orderId}/chargeback-recovery`, () => ({ amountCents: 0 }));
  await dialog.getByRole('button', { name: 'Recover' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page.getByText('Enter an amount of at least 1 cent.')).toHaveCount(1);
  await expect(recovery.getByText('Enter an amount of at least 1 cent.')).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await recovery.getByRole('button', { name: 'Recover chargeback' }).click();
  await expect(dialog).toContainText(`Take $142.50 from ${seller.displayName}'s available balance`);
  await dialog.getByRole('button', { name: 'Recover' }).click();
  await expect(a.page.getByText('Chargeback recovered.')).toBeVisible();
  await expect(recovery).toContainText('Recovered$142.50');
  await expect(recovery).toContainText('Left to recover$7.50');
  await expect(recovery).toContainText(`${seller.displayName}'s available balance$0.00`);
  // Nothing can be taken from an empty balance: the field offers nothing.
  await expect(amount).toHaveValue('');
  // The rest, once the seller has paid it in: the form goes, and the focus is on the card that says so.
  await creditBalance(a.context, baseURL!, seller.id, 750);
  await a.page.reload();
  await expect(amount).toHaveValue('$7.50');
  await recovery.getByRole('button', { name: 'Recover chargeback' }).click();
  await dialog.getByRole('button', { name: 'Recover' }).click();
  await expect(recovery).toContainText(`Recovered in full from ${seller.displayName}'s balance.`);
  await expect(recovery.getByRole('heading', { name: 'Recover chargeback' })).toBeFocused();
  await expect(notice).toContainText("it was recovered from the seller's balance.");
  // Recovered in full, the order leaves the list of those to recover.
  await a.page.goto(ADMIN_WAITING_LINKS.chargebacksToRecover);
  const loaded = a.page.getByText('No orders match these filters.').or(a.page.getByRole('table', { name: 'Orders' }));
  await expect(loaded).toBeVisible();
  await expect(listed).toHaveCount(0);

  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto(`/orders/${orderId}`);
  await expect(s.page.getByRole('region', { name: 'Chargeback decided for the buyer' })).toContainText(
    'You were paid for this order before the chargeback. The bank returned $150.00 to the buyer, so an admin will ' +
      'take $150.00 back from your balance',
  );
  // The recovery is the admins' business; the seller sees the two amounts taken in their balance history.
  await expect(s.page.getByRole('region', { name: 'Recover chargeback' })).toHaveCount(0);
  await s.page.goto('/wallet');
  await expect(s.page.getByText('Chargeback recovery', { exact: true })).toHaveCount(2);
  await expect(s.page.getByText('$142.50 taken from your available balance')).toBeVisible();
  await expect(s.page.getByText('$7.50 taken from your available balance')).toBeVisible();
});

test('a reveal refused for a chargeback keeps the focus on why, and the card then offers none', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const listingId = insertListing(seller.id, { title: 'Reveal-held Valorant account', priceCents: 4_000 });
  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, buyer.id, 4_000);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  const orderId = ((await ordered.json()) as { id: string }).id;
  await postWithSession(b.context, baseURL!, `/api/orders/${orderId}/pay`, {});
  const s = await signedInPage(browser, baseURL!, seller.id);
  await deliverCredentials(s.context, baseURL!, orderId, 'held_login');

  await b.page.goto(`/orders/${orderId}`);
  const credentials = b.page.getByRole('region', { name: 'Credentials' });
  const reveal = credentials.getByRole('button', { name: 'Reveal' });
  await expect(reveal).toBeVisible();
  // The bank opens a chargeback as the buyer presses Reveal: the reveal is refused.
  await b.page.route(`**/api/orders/${orderId}/credentials/reveal`, (route) => {
    holdForChargeback(orderId, 4_000);
    return route.continue();
  });
  await reveal.focus();
  await b.page.keyboard.press('Enter');
  const refusal = credentials.getByRole('alert');
  await expect(refusal).toHaveText(
    "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.",
  );
  // The disabled button dropped the focus: it goes to the refusal, read out, and stays there as the page catches up.
  await expect(refusal).toBeFocused();
  await expect(b.page.getByRole('region', { name: 'Chargeback under review' })).toBeVisible();
  await expect(reveal).toHaveCount(0);
  await expect(refusal).toBeFocused();

  // Loaded anew, the card says why there is nothing to reveal rather than offering a button that can only be refused.
  await b.page.reload();
  await expect(credentials).toContainText('The credentials cannot be revealed while the bank reviews the chargeback.');
  await expect(reveal).toHaveCount(0);
});
