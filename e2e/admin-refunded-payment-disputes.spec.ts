import { ADMIN_WAITING_LINKS, adminWaitingOrders, type AdminWaiting } from '@accountry/shared/admin-waiting';
import { expect as baseExpect, test } from './support/test';
import { createUser, signedInPage, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { insertRefundedPaymentDispute } from './support/refunded-payment-disputes-db';
import { expectNoSeriousA11yViolations } from './support/axe';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };
const DAY = 24 * 3.6e6;

test('a dispute of a refunded second payment waits for the admins and shows on the order, on a phone too', async ({
  browser,
  baseURL,
}) => {
  const seller = createUser('seller');
  const buyer = createUser('buyer');
  const admin = createUser('admin');
  const order = (title: string) => ({
    listingId: insertListing(seller.id, { title, priceCents: 6_000 }),
    buyerId: buyer.id,
    sellerId: seller.id,
    priceCents: 6_000,
  });
  const open = insertRefundedPaymentDispute(order('Paid twice Valorant account'), {
    status: 'open',
    reason: 'duplicate',
    feeCents: 1_500,
    openedAt: Date.now() - DAY,
  });
  const lost = insertRefundedPaymentDispute(order('Paid twice Fortnite account'), {
    status: 'lost',
    reason: 'fraudulent',
    feeCents: 1_500,
    openedAt: Date.now() - 30 * DAY,
    closedAt: Date.now() - DAY,
  });

  const a = await signedInPage(browser, baseURL!, admin.id);
  // Counted with what else waits in the Orders section while open (decision 186), whose filter lists the order.
  const waiting = (await (await a.page.request.get('/api/admin/waiting')).json()) as AdminWaiting;
  expect(waiting.refundedPaymentDisputes).toBeGreaterThanOrEqual(1);
  await a.page.goto(ADMIN_WAITING_LINKS.refundedPaymentDisputes);
  const sections = a.page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: `Orders (${adminWaitingOrders(waiting)} waiting)` })).toBeVisible();
  await expect(a.page.getByRole('combobox', { name: 'Status' })).toHaveValue('Disputed refunded payments');
  for (const { orderId } of [open, lost])
    await expect(a.page.locator(`a[href="/admin/orders/${orderId}"]`).first()).toBeVisible();

  await a.page.goto(`/admin/orders/${open.orderId}`);
  const disputes = a.page.getByRole('region', { name: 'Disputes of a refunded payment' });
  await expect(disputes).toContainText('The buyer paid this order a second time and that payment was refunded at once');
  const dispute = disputes.getByRole('article', { name: 'Dispute of $60.00' });
  await expect(dispute).toContainText('$60.00 disputed');
  await expect(dispute.getByText('Open', { exact: true })).toBeVisible();
  await expect(dispute).toContainText("The bank's reason: the cardholder says they were charged twice.");
  await expect(dispute).toContainText(
    "Open: submit the refund as evidence in Stripe's dashboard before the bank decides.",
  );
  await expect(dispute).toContainText('Opened ');
  await expect(dispute).not.toContainText('decided');
  await expect(dispute).toContainText("Stripe's dispute fee: $15.00.");
  await expect(dispute).toContainText(`Payment ${open.secondSession}`);
  // Not the order's chargeback: the order is not on hold, and its refund went to the card.
  await expect(a.page.getByRole('region', { name: /Chargeback/ })).toHaveCount(0);
  await expect(a.page.getByRole('region', { name: 'Card refunds' })).toContainText('$60.00: sent to the card');
  await expectNoSeriousA11yViolations(a.page);

  // The buyer's page says nothing of it: it is the platform's business with Stripe.
  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.goto(`/orders/${open.orderId}`);
  await expect(b.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(b.page.getByText('Disputes of a refunded payment')).toHaveCount(0);

  // On a phone, a decided one: its dates and fee wrap within the screen.
  const context = await browser.newContext({ viewport: PHONE });
  await signInContext(context, baseURL!, admin.id);
  const phone = await context.newPage();
  await phone.goto(`/admin/orders/${lost.orderId}`);
  const decided = phone.getByRole('region', { name: 'Disputes of a refunded payment' });
  await expect(decided.getByText('Lost', { exact: true })).toBeVisible();
  await expect(decided).toContainText("The bank's reason: the cardholder says they did not make the payment.");
  await expect(decided).toContainText('· decided ');
  await expect(decided).toContainText("at the platform's cost");
  await decided.scrollIntoViewIfNeeded();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(phone);
});
