import { randomBytes } from 'node:crypto';
import type { OrderDetail as Order } from '@accountry/shared/orders';
import type { Locator } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, signInContext, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { creditBalance } from './support/orders';
import { postWithSession } from './support/session-api';
import { requestPayouts } from './support/wallet';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 390, height: 844 };

/** Whether two elements' boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * A toast on a phone comes to rest over the site's header, inside its height, and covers nothing of the page below it;
 * then it is closed, so the next step's toast is not stacked under it.
 */
async function expectOverTheHeader(toast: Locator, header: Locator, ...uncovered: Locator[]) {
  await expect(toast).toBeVisible();
  // The pointer on it holds it past its 3 s while it is measured: on a loaded machine the steps below took longer.
  await toast.hover();
  // It slides in: where it is while the animation runs is not where it stays.
  const inside = async () => {
    const [t, h] = [(await toast.boundingBox())!, (await header.boundingBox())!];
    return t.y >= h.y && t.y + t.height <= h.y + h.height;
  };
  await expect.poll(inside).toBe(true);
  for (const part of uncovered) expect(await overlap(toast, part)).toBe(false);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
}

test('on a phone, toasts after an order action lie over the header and the focus goes to what changed; the wallet says where its money went', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Pia Phone ${tag}`);
  const buyer = createUser('buyer', `Ben Phone ${tag}`);
  const admin = createUser('admin');
  const title = `Fortnite account with Galaxy skin, OG Renegade Raider and 200+ skins, full access ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 9900 });
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL!, admin.id);
  await creditBalance(adminContext, baseURL!, buyer.id, 20_000);
  await creditBalance(adminContext, baseURL!, seller.id, 10_000);

  const b = await signedInPage(browser, baseURL!, buyer.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  await b.page.setViewportSize(PHONE);
  await s.page.setViewportSize(PHONE);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  const orderId = ((await ordered.json()) as { id: string }).id;
  await postWithSession(b.context, baseURL!, `/api/orders/${orderId}/pay`, {});

  // The seller delivers at the end of a long form: the toast covers the header, not the card that took the form's
  // place, which has the focus; the order number stays on one line of its own.
  await s.page.goto(`/orders/${orderId}`);
  const summary = s.page.getByRole('region', { name: 'Order summary' });
  const orderNumber = summary.getByText(orderId, { exact: true });
  expect((await orderNumber.boundingBox())!.height).toBeLessThan(30);
  const deliver = s.page.getByRole('form', { name: 'Deliver the credentials' });
  await deliver.getByRole('textbox', { name: 'Login' }).fill(`galaxy_${tag}`);
  await deliver.getByRole('textbox', { name: 'Password' }).fill('Nebula-Secret-42');
  await deliver.getByRole('button', { name: 'Deliver the credentials' }).click();
  await s.page
    .getByRole('dialog', { name: 'Deliver the credentials?' })
    .getByRole('button', { name: 'Deliver' })
    .click();
  const delivered = s.page
    .getByRole('alert')
    .filter({ hasText: 'Credentials delivered. The buyer has 72 hours to check the account.' });
  const credentials = s.page.getByRole('region', { name: 'Credentials' });
  const focused = credentials.locator(':focus');
  await expect(focused).toContainText('The buyer has not viewed them yet.');
  await expectOverTheHeader(delivered, s.page.getByRole('banner'), focused);

  // The buyer accepts: the buttons are gone, and the focus is on where the order now stands, in view.
  await b.page.goto(`/orders/${orderId}`);
  await b.page.getByRole('button', { name: 'Reveal' }).click();
  await b.page.getByRole('button', { name: 'Accept the account' }).click();
  await b.page
    .getByRole('dialog', { name: 'Accept the account?' })
    .getByRole('button', { name: 'Accept the account' })
    .click();
  const accepted = b.page.getByRole('alert').filter({ hasText: 'Thank you! The protection period has started.' });
  const buyerSummary = b.page.getByRole('region', { name: 'Order summary' });
  await expect(buyerSummary).toBeFocused();
  await expect(buyerSummary.getByText('Protection period')).toBeVisible();
  await expectOverTheHeader(accepted, b.page.getByRole('banner'), buyerSummary);

  // In the chat a toast leaves the composer alone.
  await s.page.getByRole('link', { name: 'Open the conversation' }).click();
  await s.page.getByRole('button', { name: 'Conversation options' }).click();
  await s.page.getByRole('menuitem', { name: `Block ${buyer.displayName}` }).click();
  await s.page
    .getByRole('dialog', { name: `Block ${buyer.displayName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  // One toast at a time: the next would stack below it, over the page. The block's own toast is waited for first, so
  // its absence is not read before the answer arrived.
  const blocked = s.page.getByRole('alert').filter({ hasText: `${buyer.displayName} is blocked.` });
  await expect(blocked).toBeVisible();
  await blocked.getByRole('button', { name: 'Close' }).click();
  await expect(blocked).toHaveCount(0);
  await s.page.getByRole('button', { name: 'Unblock' }).click();
  const composer = s.page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  const unblocked = s.page.getByRole('alert').filter({ hasText: `${buyer.displayName} is unblocked.` });
  await expectOverTheHeader(unblocked, s.page.getByRole('banner'), composer);

  // A payout on a phone: the toast leaves the form's button alone, and the balance history says in words that the
  // amount was set aside, not gained, and then given back.
  await requestPayouts(s.context, baseURL!, seller.id, []);
  // The sale completes when its short protection period ends: its entry comes first once, not between the steps below.
  await expect
    .poll(
      async () => ((await (await s.context.request.get(`${baseURL}/api/orders/${orderId}`)).json()) as Order).status,
    )
    .toBe('completed');
  await s.page.goto('/wallet');
  const request = s.page.getByRole('form', { name: 'Request a payout' });
  await request.getByRole('textbox', { name: 'Amount (USD)' }).fill('50');
  await request.getByRole('button', { name: 'Request payout' }).click();
  await s.page
    .getByRole('dialog', { name: 'Request a payout?' })
    .getByRole('button', { name: 'Request $50.00' })
    .click();
  const requested = s.page
    .getByRole('alert')
    .filter({ hasText: 'Payout requested. An admin will send it and mark it paid.' });
  await expectOverTheHeader(
    requested,
    s.page.getByRole('banner'),
    request.getByRole('button', { name: 'Request payout' }),
  );
  const balance = s.page.getByRole('list', { name: 'Balance history' });
  const asked = balance.getByRole('listitem').first();
  await expect(asked).toContainText('Payout requested');
  await expect(asked).toContainText('$50.00 moved from your available balance to held for payouts');
  await expect(asked).not.toContainText('+$');
  await s.page.getByRole('button', { name: 'Cancel the payout request of $50.00' }).click();
  await s.page
    .getByRole('dialog', { name: 'Cancel this payout request?' })
    .getByRole('button', { name: 'Cancel request' })
    .click();
  await expect(balance.getByRole('listitem').first()).toContainText('Payout request canceled');
  await expect(balance.getByRole('listitem').first()).toContainText(
    '$50.00 moved back from held to your available balance',
  );
  await expect(balance.getByRole('listitem').last()).toContainText('$100.00 added to your available balance');
  const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
