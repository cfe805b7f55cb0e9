import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { createUser, signInContext, signedInPage } from './support/db';
import { insertListing } from './support/listings-db';
import { expectDeadlineOnce } from './support/order-page';
import { creditBalance, deliverCredentials } from './support/orders';
import { postWithSession } from './support/session-api';
import { expectNoSeriousA11yViolations } from './support/axe';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

// A 1×1 PNG: the screenshot attached to a statement or a message.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const image = { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG };

/**
 * A signed-in page at rest for axe: the app honours reduced motion, so a toast is not caught mid-fade (which reads as a
 * contrast failure).
 */
async function atRest(browser: Browser, baseURL: string, userId: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await signInContext(context, baseURL, userId);
  return { context, page: await context.newPage() };
}

/** Presses Enter on the control, as a keyboard user who tabbed to it would. */
const enter = async (page: Page, control: ReturnType<Page['getByRole']>) => {
  await control.focus();
  await page.keyboard.press('Enter');
};

test('an order by keyboard: each dialog says what it asks, the focus never falls to the page, and the other side’s moves are read out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Kai Keys ${tag}`);
  const buyer = createUser('buyer', `Lou Keys ${tag}`);
  const admin = createUser('admin');
  const title = `Keyboard Fortnite account ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 9900 });
  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, buyer.id, 20_000);

  // Buying: the dialog is read with what paying means, not with its buttons; paying lands on the order summary.
  const b = await atRest(browser, baseURL!, buyer.id);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  await enter(b.page, b.page.getByRole('region', { name: 'Price' }).getByRole('button', { name: 'Buy now' }));
  const buy = b.page.getByRole('dialog', { name: 'Buy this account?' });
  await expect(buy).toHaveAccessibleDescription(
    `You pay $99 for “${title}” now. Accountry holds the money: the seller delivers the login right away and you ` +
      'have 72 hours to check the account. The seller is paid after a 14-day protection period, in which you can ' +
      'still open a dispute.',
  );
  await expect(buy.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await enter(b.page, buy.getByRole('button', { name: 'Pay $99' }));
  await expect(b.page).toHaveURL(/\/orders\/[\w-]+$/);
  const orderId = b.page.url().split('/').pop()!;
  const summary = b.page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Paid, awaiting delivery')).toBeVisible();
  await expect(summary).toBeFocused();
  await expectNoSeriousA11yViolations(b.page, 'a paid order, for its buyer');

  // The seller delivers while the buyer waits on the page: the move is read out to the buyer, with who made it.
  const updates = b.page.getByRole('log', { name: 'Order updates' });
  await expect(updates).toBeEmpty();
  const s = await signedInPage(browser, baseURL!, seller.id);
  await deliverCredentials(s.context, baseURL!, orderId, `keys_${tag}`);
  await expect(updates).toHaveText(`Order update: Delivered, inspection (${seller.displayName}, seller).`);
  await expect(summary.getByText('Delivered, inspection')).toBeVisible();

  // Revealing, by keyboard: the button gives way to the credentials, which take the focus.
  await enter(b.page, b.page.getByRole('button', { name: 'Reveal' }));
  await expect(b.page.getByRole('group', { name: 'The credentials' })).toBeFocused();

  // Opening a dispute: the dialog is described by its message alone, the reason field named by its label.
  await enter(b.page, b.page.getByRole('button', { name: 'Open a dispute' }));
  const dispute = b.page.getByRole('dialog', { name: 'Open a dispute' });
  await expect(dispute).toHaveAccessibleDescription(
    'Tell us what is wrong. The seller is asked to answer within 24 hours, the clock pauses, and an admin decides.',
  );
  const reason = dispute.getByRole('textbox', { name: 'What is the problem?' });
  await expect(reason).toBeFocused();
  await enter(b.page, dispute.getByRole('button', { name: 'Open dispute' }));
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription('Please give a reason (at least 10 characters)');
  await reason.fill('The login is refused: the password was changed.');
  await enter(b.page, dispute.getByRole('button', { name: 'Open dispute' }));
  await expect(dispute).toBeHidden();
  await expect(summary.getByText('Disputed')).toBeVisible();
  await expect(summary).toBeFocused();
  // The buyer's own move is not read out again: the toast says it.
  await expect(updates).toHaveText(`Order update: Delivered, inspection (${seller.displayName}, seller).`);

  // A statement with nothing in it: the field takes the focus and is read with what to fix.
  const thread = b.page.getByRole('region', { name: 'Dispute statements' });
  const statement = thread.getByRole('textbox', { name: 'Your statement' });
  await enter(b.page, thread.getByRole('button', { name: 'Post statement' }));
  await expect(statement).toBeFocused();
  await expect(statement).toHaveAttribute('aria-invalid', 'true');
  await expect(statement).toHaveAccessibleDescription(/^Write 1 to 2000 characters or attach an image\. Explain/);
  await statement.fill('Sign-in says the password is wrong.');
  // An image picked from the attach button disables it: the focus goes on to the statement, not to the page.
  await thread.getByRole('button', { name: 'Attach an image' }).focus();
  await thread.locator('input[type="file"]').setInputFiles(image);
  await expect(thread.getByRole('img', { name: 'Evidence to attach' })).toBeVisible();
  await expect(statement).toBeFocused();
  await expect(thread.getByRole('button', { name: 'Post statement' })).toBeEnabled();
  await enter(b.page, thread.getByRole('button', { name: 'Post statement' }));
  await expect(b.page.getByText('Statement posted.')).toBeVisible();
  await expect(statement).toBeFocused();
  await expectNoSeriousA11yViolations(b.page, 'a disputed order, for its buyer');

  // Paying for more than the balance holds: the refusal is said, and the Pay button has the focus for another try.
  const dearId = insertListing(seller.id, { title: `Dear keyboard account ${tag}`, priceCents: 15_000 });
  const dear = await postWithSession(b.context, baseURL!, '/api/orders', { listingId: dearId });
  await b.page.goto(`/orders/${((await dear.json()) as { id: string }).id}`);
  await expectDeadlineOnce(b.page);
  const pay = b.page.getByRole('button', { name: 'Pay $150.00' });
  await enter(b.page, pay);
  await expect(b.page.getByText('Your balance is too low to pay this order.')).toBeVisible();
  await expect(pay).toBeFocused();
});

test('chat by keyboard: new messages and order updates are read out once, errors with the field, dialogs give the focus back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Cy Chat ${tag}`);
  const buyer = createUser('buyer', `Di Chat ${tag}`);
  const admin = createUser('admin');
  const title = `Keyboard Valorant account ${tag}`;
  const listingId = insertListing(seller.id, { title });

  const b = await atRest(browser, baseURL!, buyer.id);
  await b.page.goto(`/chat?listing=${listingId}`);
  const composer = b.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello, is it still available?');
  await composer.press('Enter');
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto('/chat');
  await s.page.getByRole('link', { name: new RegExp(`^${buyer.displayName}, ${title}`) }).click();
  const sellerLog = s.page.getByRole('log', { name: 'Messages' });
  await expect(sellerLog.getByText('Hello, is it still available?')).toBeVisible();
  // The history draws rows as it scrolls: it is not read out as it changes; new messages are, once each.
  await expect(sellerLog).toHaveAttribute('aria-live', 'off');
  const incoming = s.page.getByRole('log', { name: 'Conversation updates' });
  await expect(incoming).toBeEmpty();

  // Sending nothing: the message field keeps the focus and the error is read out and tied to it.
  const sellerComposer = s.page.getByRole('textbox', { name: 'Message' });
  await sellerComposer.focus();
  await sellerComposer.press('Enter');
  await expect(s.page.getByRole('alert').filter({ hasText: 'Write a message or attach an image' })).toBeVisible();
  await expect(sellerComposer).toHaveAccessibleDescription('Write a message or attach an image');
  await expect(sellerComposer).toBeFocused();
  // An image picked from the attach button disables it: the focus goes on to the message, to send it with.
  await s.page.getByRole('button', { name: 'Attach an image' }).focus();
  await s.page.locator('form input[type="file"]').setInputFiles(image);
  await expect(s.page.getByRole('img', { name: 'Image to send' })).toBeVisible();
  await expect(sellerComposer).toBeFocused();
  await s.page.getByRole('button', { name: 'Remove image' }).press('Enter');
  await expect(sellerComposer).toBeFocused();

  // The buyer writes and buys while the seller has the conversation open: both are read out to the seller.
  await composer.fill('I will buy it now.');
  await composer.press('Enter');
  await expect(incoming).toContainText(`${buyer.displayName}: I will buy it now.`);
  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, buyer.id, 20_000);
  const ordered = await postWithSession(b.context, baseURL!, '/api/orders', { listingId });
  const orderId = ((await ordered.json()) as { id: string }).id;
  await postWithSession(b.context, baseURL!, `/api/orders/${orderId}/pay`, {});
  await expect(incoming).toContainText(
    'Update from Accountry: The buyer has paid. The money is held until the order completes. Seller: please ' +
      'deliver the credentials.',
  );
  await expect(incoming.getByText(`${buyer.displayName}: I will buy it now.`)).toHaveCount(1);

  // Blocking from the conversation's menu: the dialog says what blocking does; closing it, or blocking, gives the
  // focus back to the menu's button, not to the page.
  const options = b.page.getByRole('button', { name: 'Conversation options' });
  await enter(b.page, options);
  await enter(b.page, b.page.getByRole('menuitem', { name: `Block ${seller.displayName}` }));
  const block = b.page.getByRole('dialog', { name: `Block ${seller.displayName}?` });
  await expect(block).toHaveAccessibleDescription(
    `${seller.displayName} will no longer be able to message you, and neither of you will see the other's online ` +
      'status. You can unblock them later from this conversation.',
  );
  await b.page.keyboard.press('Escape');
  await expect(block).toBeHidden();
  await expect(options).toBeFocused();

  // Reporting: a reason is asked first; sent, the focus is back on the menu's button.
  await enter(b.page, options);
  await enter(b.page, b.page.getByRole('menuitem', { name: 'Report conversation' }));
  const report = b.page.getByRole('dialog', { name: 'Report this conversation' });
  await expect(report).toHaveAccessibleDescription(
    `Our moderators will read this conversation. ${seller.displayName} is not told who reported it.`,
  );
  await enter(b.page, report.getByRole('button', { name: 'Send report' }));
  const scam = report.getByRole('radio', { name: 'Scam or fraud attempt' });
  await expect(scam).toBeFocused();
  await b.page.keyboard.press('Space');
  await enter(b.page, report.getByRole('button', { name: 'Send report' }));
  await expect(report).toBeHidden();
  await expect(options).toBeFocused();

  await enter(b.page, options);
  await enter(b.page, b.page.getByRole('menuitem', { name: `Block ${seller.displayName}` }));
  await enter(b.page, block.getByRole('button', { name: 'Block' }));
  await expect(block).toBeHidden();
  await expect(b.page.getByText(`${seller.displayName} is blocked.`)).toBeVisible();
  await expect(options).toBeFocused();
  await expectNoSeriousA11yViolations(b.page, 'a blocked conversation');
});
