import { randomBytes } from 'node:crypto';
import { ADMIN_WAITING_LINKS, adminWaitingOrders, type AdminWaiting } from '@accountry/shared/admin-waiting';
import { REFUSED_REFUND_MESSAGES as R } from '@accountry/shared/refused-refunds';
import { expect as baseExpect, test } from './support/test';
import { startStripeServer } from './support/stripe-server';
import { expectNoSeriousA11yViolations } from './support/axe';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };

// A server of its own with the fake Stripe: settling asks Stripe for the payment's disputes first (decision 234).
let stripe: Awaited<ReturnType<typeof startStripeServer>>;
test.beforeAll(async () => {
  stripe = await startStripeServer();
});
test.afterAll(async () => {
  await stripe?.stop();
});

test('a card refund Stripe refused waits for the admins, who record one paid back and retry another on a phone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = randomBytes(2).toString('hex');
  const seller = stripe.createUser('seller');
  const buyer = stripe.createUser('buyer', `Rhea Refund ${tag}`);
  const admin = stripe.createUser('admin', `Ada Admin ${tag}`);
  const refundOn = (title: string) =>
    stripe.insertRefusedRefund({
      listingId: stripe.insertListing(seller.id, title, 8_000),
      buyerId: buyer.id,
      sellerId: seller.id,
      priceCents: 8_000,
    });
  const first = refundOn(`Refused refund Valorant account ${tag}`);
  const second = refundOn(`Refused refund Fortnite account ${tag}`);

  const context = await browser.newContext({ baseURL: stripe.url });
  await stripe.signIn(context, admin.id);
  const a = { context, page: await context.newPage() };
  // Counted with what else waits in the Orders section (decision 186), whose filter lists them.
  const waiting = (await (await a.page.request.get('/api/admin/waiting')).json()) as AdminWaiting;
  expect(waiting.refusedRefunds).toBeGreaterThanOrEqual(2);
  await a.page.goto(ADMIN_WAITING_LINKS.refusedRefunds);
  const sections = a.page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: `Orders (${adminWaitingOrders(waiting)} waiting)` })).toBeVisible();
  await expect(a.page.getByRole('combobox', { name: 'Status' })).toHaveValue('Refunds refused by Stripe');
  const firstLink = a.page.locator(`a[href="/admin/orders/${first.orderId}"]`);
  const row = a.page.getByRole('row').filter({ has: firstLink });
  await expect(row).toContainText('Refund refused: $80.00');
  await expect(row).toContainText(`Stripe: ${first.stripeError}`);

  await firstLink.first().click();
  const refunds = a.page.getByRole('region', { name: 'Card refunds' });
  const refused = refunds.getByRole('group', { name: 'Stripe refused to refund $80.00 to the card' });
  await expect(refused).toContainText(`Stripe's answer: ${first.stripeError}`);
  await expect(refused).toContainText(`${buyer.displayName} is still owed it.`);
  await expectNoSeriousA11yViolations(a.page);
  await refused.getByRole('button', { name: 'Record as paid back' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Record the refund as paid back?' });
  await expect(dialog).toContainText(`Only once ${buyer.displayName} has the $80.00 back another way`);
  const field = dialog.getByRole('textbox', { name: 'How it was paid back' });
  await expect(field).toBeFocused();
  // Nothing said of how: refused on the field, before anything is sent.
  await field.press('Enter');
  await expect(dialog.getByText(R.reference)).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('Bank transfer TR-88213');
  await field.press('Enter');
  await expect(a.page.getByText(R.settled)).toBeVisible();
  await expect(refunds).toContainText(`$80.00: paid back outside Stripe on`);
  await expect(refunds).toContainText(`by ${admin.displayName}. Reference: Bank transfer TR-88213.`);
  await expect(refused).toHaveCount(0);
  // Its buttons are gone: the focus is on the card that says where the refund stands.
  await expect(refunds.getByRole('heading', { name: 'Card refunds' })).toBeFocused();
  await expect(a.page.getByText('Recorded card refund as paid back')).toBeVisible();

  // On a phone: the list's card says it too, and the order's refund is sent to Stripe again.
  await a.page.setViewportSize(PHONE);
  await a.page.goto(ADMIN_WAITING_LINKS.refusedRefunds);
  const secondLink = a.page.locator(`a[href="/admin/orders/${second.orderId}"]`);
  await expect(secondLink.first()).toBeVisible();
  await expect(firstLink).toHaveCount(0);
  await secondLink.first().click();
  const again = refunds.getByRole('group', { name: 'Stripe refused to refund $80.00 to the card' });
  await expect(again.getByRole('button', { name: 'Retry at Stripe' })).toBeVisible();
  const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await again.getByRole('button', { name: 'Retry at Stripe' }).click();
  const retry = a.page.getByRole('dialog', { name: 'Retry the refund at Stripe?' });
  await expect(retry).toContainText(`Stripe is asked again to refund $80.00 to ${buyer.displayName}'s card.`);
  await retry.getByRole('button', { name: 'Retry at Stripe' }).click();
  // The bank's dispute is over, say: the fake Stripe takes the refund this time.
  await expect(a.page.getByText(R.retrySent)).toBeVisible();
  await expect(refunds).toContainText('$80.00: sent to the card on');
  await expect(refunds.getByRole('heading', { name: 'Card refunds' })).toBeFocused();

  // Neither waits any more: the filter no longer lists them.
  await a.page.goto(ADMIN_WAITING_LINKS.refusedRefunds);
  const loaded = a.page
    .getByText('No card refund waits: Stripe took every refund, or an admin settled it.')
    .or(a.page.getByRole('list', { name: 'Orders' }));
  await expect(loaded.first()).toBeVisible();
  await expect(secondLink).toHaveCount(0);
});
