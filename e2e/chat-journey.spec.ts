import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test';
import { createUser, openE2eDb, signedInPage } from './support/db';

/** A listing for the journey's own seller, arranged directly: the journey is about chat, not listing management. */
function insertListing(sellerId: string, title: string, negotiable = false) {
  const id = randomBytes(16).toString('base64url');
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into listings (id, seller_id, title, category, platform, region, description, price_cents, currency, delivery_method, delivery_time,
       negotiable, status, created_at, updated_at, published_at)
     values (?, ?, ?, 'game', 'valorant', 'europe', 'Immortal rank, 40 skins, original email included.', 15000, 'USD', 'full-access', 'instant',
       ?, 'active', ?, ?, ?)`,
  ).run(id, sellerId, title, negotiable ? 1 : 0, now, now, now);
  db.close();
  return id;
}

test('a buyer messages the seller from a listing; the seller sees the unread badge and replies; both see read receipts', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Sam Chat ${tag}`);
  const buyer = createUser('buyer', `Bea Chat ${tag}`);
  const title = `Immortal Valorant account ${tag}`;
  const listingId = insertListing(seller.id, title);

  const s = await signedInPage(browser, baseURL!, seller.id);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  // The seller is somewhere else on the site, with no unread messages.
  await s.page.goto('/browse');
  await expect(s.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // The buyer opens the listing, reads what "Instant" holds the seller to, and presses its button.
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  await expect(
    b.page.getByText(
      "The seller promises delivery as soon as you pay, within 1 hour. If nothing has arrived 2 hours after you pay (1 hour's grace), the order is canceled and you're refunded automatically.",
    ),
  ).toBeVisible();
  await b.page.getByRole('link', { name: 'Message the seller' }).click();
  await expect(b.page).toHaveURL(/\/chat\?c=/);
  await expect(b.page.getByRole('heading', { name: seller.displayName })).toBeVisible();
  await expect(b.page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // Shift+Enter makes a new line; Enter sends.
  const composer = b.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hi! Is this account still available?');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Does it come with the original email?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const buyerLog = b.page.getByRole('log', { name: 'Messages' });
  await expect(buyerLog.getByText('Does it come with the original email?')).toBeVisible();

  // The seller's header badge lights up without a reload.
  const badge = s.page.getByRole('link', { name: 'Chat (1 unread)' });
  await expect(badge).toBeVisible();
  await badge.click();
  await s.page.getByRole('link', { name: new RegExp(`${buyer.displayName}, ${title}, 1 unread`) }).click();
  const sellerLog = s.page.getByRole('log', { name: 'Messages' });
  await expect(sellerLog.getByText('Hi! Is this account still available?')).toBeVisible();
  await expect(s.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // Opening it marked it read: the buyer sees the receipt.
  await expect(buyerLog.getByText('Read', { exact: true })).toBeVisible();

  // The buyer sees the seller typing, then the reply arrives; its link is safe.
  const sellerComposer = s.page.getByRole('textbox', { name: 'Message' });
  await sellerComposer.pressSequentially('Yes, it is! Details: https://example.com/faq');
  await expect(b.page.getByText(`${seller.displayName} is typing…`)).toBeVisible();
  await sellerComposer.press('Enter');
  await expect(buyerLog.getByText(/Yes, it is!/)).toBeVisible();
  const link = buyerLog.getByRole('link', { name: 'https://example.com/faq' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // The buyer has the conversation open, so the seller sees the reply read.
  await expect(sellerLog.getByText('Read', { exact: true })).toBeVisible();

  // Both parties see each other online.
  await expect(b.page.getByText('Online', { exact: true })).toBeVisible();
  await expect(s.page.getByText('Online', { exact: true })).toBeVisible();
});

/** A conversation with a long history, arranged directly, so the journey can scroll through pages of it. */
function insertConversation(listingId: string, buyerId: string, sellerId: string, count: number) {
  const id = randomBytes(16).toString('base64url');
  const start = Date.now() - count * 60_000;
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  db.prepare(
    `insert into conversations (id, listing_id, buyer_id, seller_id, created_at, updated_at, last_seq, buyer_read_seq, seller_read_seq,
       buyer_delivered_seq, seller_delivered_seq, last_message_preview, last_sender_id, last_message_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    listingId,
    buyerId,
    sellerId,
    start,
    start + count * 60_000,
    count,
    count,
    count,
    count,
    count,
    `History message ${count}`,
    sellerId,
    start + count * 60_000,
  );
  for (let seq = 1; seq <= count; seq++) {
    insert.run(
      randomBytes(16).toString('base64url'),
      id,
      seq,
      seq % 2 ? buyerId : sellerId,
      randomBytes(12).toString('hex'),
      `History message ${seq}`,
      start + seq * 60_000,
    );
  }
  db.close();
  return id;
}

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('a buyer scrolls back through a long history, finds the conversation by search, sends an image, reports and blocks, then unblocks; the listing page follows each block', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Nia Seller ${tag}`);
  const buyer = createUser('buyer', `Ole Buyer ${tag}`);
  const title = `Steam library with 300 games ${tag}`;
  const listingId = insertListing(seller.id, title, true);
  const conversationId = insertConversation(listingId, buyer.id, seller.id, 45);
  const b = await signedInPage(browser, baseURL!, buyer.id);

  await b.page.goto('/chat');
  const search = b.page.getByRole('textbox', { name: 'Search conversations' });
  await search.fill('no such thing anywhere');
  await expect(b.page.getByText('No conversations match “no such thing anywhere”.')).toBeVisible();
  await search.fill('300 games');
  await b.page.getByRole('link', { name: new RegExp(`${seller.displayName}, ${title}`) }).click();
  await expect(b.page).toHaveURL(new RegExp(`c=${conversationId}`));

  // The newest page first, at the newest message; scrolling up to the top (the mouse wheel) brings the older ones.
  const log = b.page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('History message 45', { exact: true })).toBeInViewport();
  await expect(log.getByText('History message 1', { exact: true })).toHaveCount(0);
  const box = (await log.boundingBox())!;
  await b.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(async () => {
    await b.page.mouse.wheel(0, -1500);
    await expect(log.getByText('History message 1', { exact: true })).toBeInViewport({ timeout: 1000 });
  }).toPass();
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);

  // An image goes with a caption. Removing one keeps the focus in the composer (its button goes with the image).
  const image = { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG };
  await b.page.locator('input[type="file"]').setInputFiles(image);
  await b.page.getByRole('button', { name: 'Remove image' }).press('Enter');
  await expect(b.page.getByRole('img', { name: 'Image to send' })).toHaveCount(0);
  await expect(b.page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await b.page.locator('input[type="file"]').setInputFiles(image);
  await expect(b.page.getByRole('img', { name: 'Image to send' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await b.page.getByRole('textbox', { name: 'Message' }).fill('Here is my screenshot');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByRole('img', { name: 'Image from you' })).toBeVisible();
  await expect(log.getByText('Here is my screenshot')).toBeVisible();

  // Report with a block; the composer gives way to an explanation, and unblocking brings it back.
  await b.page.getByRole('button', { name: 'Conversation options' }).click();
  await b.page.getByRole('menuitem', { name: 'Report conversation' }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Report this conversation' });
  // Sent without a reason, it asks for one. Clicked again if the first click went unanswered, as a person would: on
  // a loaded machine a click while the dialog was still opening once did nothing (the dialog stayed, no message).
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason')).toBeVisible({ timeout: 3_000 });
  }).toPass();
  // The focus goes to the choice to make, marked invalid, rather than staying on the button.
  const firstReason = dialog.getByRole('radio', { name: 'Scam or fraud attempt' });
  await expect(firstReason).toBeFocused();
  await expect(firstReason).toHaveAttribute('aria-invalid', 'true');
  await firstReason.check();
  await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Asked me to pay by gift card.');
  await dialog.getByRole('checkbox', { name: `Also block ${seller.displayName}` }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(b.page.getByText('Thank you. Our moderators will review this conversation.')).toBeVisible();
  await expect(b.page.getByText('You blocked this user. Unblock them to send messages.')).toBeVisible();
  await expect(b.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  // The listing says so in place of buying and offering, on a phone's bar too, and lifts the block from there.
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  const priceCard = b.page.getByRole('region', { name: 'Price', exact: true });
  const youBlocked = 'You blocked this seller. Unblock them to buy their accounts or make offers.';
  await expect(priceCard.getByText(youBlocked)).toBeVisible();
  await expect(priceCard.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(priceCard.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  // Lifting the block is the one main action; nothing promises a price talk or a delivery that cannot happen.
  await expect(priceCard.getByRole('button', { name: 'Unblock seller' })).toBeVisible();
  await expect(priceCard.getByRole('link', { name: 'Message the seller' })).toBeVisible();
  await expect(priceCard.getByText('Price negotiable', { exact: true })).toHaveCount(0);
  await expect(priceCard.getByText(/^The seller promises delivery/)).toHaveCount(0);
  await b.page.setViewportSize({ width: 390, height: 844 });
  const phoneBar = b.page.getByRole('region', { name: 'Price and actions' });
  await expect(phoneBar.getByText(youBlocked)).toBeVisible();
  // Once on a phone: in the bar, not again in the price card.
  await expect(priceCard.getByText(youBlocked)).toBeHidden();
  await expect(phoneBar.getByRole('button', { name: 'Unblock seller' })).toBeVisible();
  await expect(phoneBar.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(phoneBar.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  await b.page.setViewportSize({ width: 1280, height: 800 });
  // Asked first; from the keyboard, the focus lands on "Buy now" once it is back.
  await priceCard.getByRole('button', { name: 'Unblock seller' }).focus();
  await b.page.keyboard.press('Enter');
  const unblockDialog = b.page.getByRole('dialog', { name: `Unblock ${seller.displayName}?` });
  await expect(
    unblockDialog.getByText('They will be able to message you and receive your offers again.'),
  ).toBeVisible();
  await unblockDialog.getByRole('button', { name: 'Unblock' }).press('Enter');
  await expect(b.page.getByText(`${seller.displayName} is unblocked.`)).toBeVisible();
  await expect(priceCard.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(priceCard.getByRole('button', { name: 'Buy now' })).toBeFocused();
  await expect(priceCard.getByText('Price negotiable', { exact: true })).toBeVisible();
  await expect(priceCard.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await expect(priceCard.getByText(youBlocked)).toHaveCount(0);

  // Blocked again from the conversation, and unblocked there: the composer comes back.
  await b.page.goto(`/chat?c=${conversationId}`);
  await b.page.getByRole('button', { name: 'Conversation options' }).click();
  await b.page.getByRole('menuitem', { name: `Block ${seller.displayName}` }).click();
  await b.page
    .getByRole('dialog', { name: `Block ${seller.displayName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(b.page.getByText('You blocked this user. Unblock them to send messages.')).toBeVisible();
  const message = b.page.getByRole('textbox', { name: 'Message' });
  await expect(message).toHaveCount(0);
  // The block dialog gave the focus back to the menu's button, which offers Unblock now.
  const options = b.page.getByRole('button', { name: 'Conversation options' });
  await expect(options).toBeFocused();
  // From the keyboard: the Unblock button goes with the notice, and the focus to the message field in its place.
  await b.page.getByRole('button', { name: 'Unblock', exact: true }).press('Enter');
  await expect(b.page.getByText(`${seller.displayName} is unblocked.`).last()).toBeVisible();
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  // Blocked and unblocked from the conversation's menu: the focus stays on the menu's button, which now offers Block.
  await options.click();
  await b.page.getByRole('menuitem', { name: `Block ${seller.displayName}` }).click();
  await b.page
    .getByRole('dialog', { name: `Block ${seller.displayName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(message).toHaveCount(0);
  await expect(options).toBeFocused();
  await options.press('Enter');
  await b.page.getByRole('menuitem', { name: `Unblock ${seller.displayName}` }).press('Enter');
  await expect(message).toBeVisible();
  await expect(options).toBeFocused();
  await options.press('Enter');
  // Escape once the menu has taken the focus, as a person sees it open: pressed while the focus was still on its way
  // in, on a loaded machine the menu once stayed open.
  await expect(b.page.getByRole('menuitem', { name: `Block ${seller.displayName}` })).toBeFocused();
  await b.page.keyboard.press('Escape');
  await expect(options).toBeFocused();

  // When the seller blocks the buyer, the listing says only that they can't buy, with nothing to lift.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto(`/chat?c=${conversationId}`);
  await s.page.getByRole('button', { name: 'Conversation options' }).click();
  await s.page.getByRole('menuitem', { name: `Block ${buyer.displayName}` }).click();
  await s.page
    .getByRole('dialog', { name: `Block ${buyer.displayName}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(s.page.getByText(`${buyer.displayName} is blocked.`)).toBeVisible();
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  await expect(priceCard.getByText("You can't buy this account or make offers to this seller.")).toBeVisible();
  await expect(priceCard.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(priceCard.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Unblock seller' })).toHaveCount(0);
  await expect(b.page.getByRole('link', { name: 'Message the seller' })).toHaveCount(0);
});

test('a buyer who starts selling from the profile still gets messages without a reload', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Sid Live ${tag}`);
  const buyer = createUser('buyer', `Bo Live ${tag}`);
  const conversationId = insertConversation(insertListing(seller.id, `Diamond account ${tag}`), buyer.id, seller.id, 2);
  const s = await signedInPage(browser, baseURL!, seller.id);
  const b = await signedInPage(browser, baseURL!, buyer.id);

  // The buyer becomes a seller too; the server closes the tab's socket, which carried the old role.
  await b.page.goto('/profile');
  const details = b.page.getByRole('form', { name: 'Profile details' });
  await details.getByRole('radio', { name: /^Both/ }).check();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(b.page.getByText('Your profile was saved.')).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // The seller writes; the buyer's header counts it on the same page: the tab opened a new socket.
  await s.page.goto(`/chat?c=${conversationId}`);
  const composer = s.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Still interested? I can lower the price.');
  await composer.press('Enter');
  await expect(s.page.getByRole('log', { name: 'Messages' }).getByText('Still interested?')).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Chat (1 unread)' })).toBeVisible();
});

test('a socket gone silent without a close (sleep, a new network) is replaced once back online', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Sol Quiet ${tag}`);
  const buyer = createUser('buyer', `Bri Quiet ${tag}`);
  const conversationId = insertConversation(insertListing(seller.id, `Radiant account ${tag}`), buyer.id, seller.id, 2);
  const s = await signedInPage(browser, baseURL!, seller.id);
  const b = await signedInPage(browser, baseURL!, buyer.id);
  // The buyer's sockets pass through here, so that one can go dead the way a half-open connection does: nothing
  // through in either direction, and no close. The server's own pings are still answered for it.
  const sockets: { greeted: boolean; silent: boolean }[] = [];
  await b.page.routeWebSocket(/\/api\/ws$/, (ws) => {
    const socket = { greeted: false, silent: false };
    sockets.push(socket);
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (!socket.silent) server.send(m);
    });
    server.onMessage((m) => {
      if (socket.silent) return;
      if (typeof m === 'string' && m.includes('"hello"')) socket.greeted = true;
      ws.send(m);
    });
  });
  await b.page.goto('/browse');
  await expect(b.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect.poll(() => sockets[0]?.greeted).toBe(true);
  sockets[0]!.silent = true;

  // The seller writes; the buyer's tab hears nothing of it over the dead socket.
  await s.page.goto(`/chat?c=${conversationId}`);
  const composer = s.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Are you still there?');
  await composer.press('Enter');
  await expect(s.page.getByRole('log', { name: 'Messages' }).getByText('Are you still there?')).toBeVisible();
  await b.page.waitForTimeout(1_000);
  await expect(b.page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // The laptop wakes on another network: the browser is offline, then online again. The tab checks its socket, hears
  // no answer, opens a new one and catches up.
  await b.context.setOffline(true);
  await b.context.setOffline(false);
  await expect(b.page.getByRole('link', { name: 'Chat (1 unread)' })).toBeVisible({ timeout: 15_000 });
  expect(sockets).toHaveLength(2);
});

test('a conversation about a listing its seller deleted names it as deleted, without a link to a page that is gone', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Del Seller ${tag}`);
  const buyer = createUser('buyer', `Del Buyer ${tag}`);
  const title = `Deleted Valorant account ${tag}`;
  const listingId = insertListing(seller.id, title);
  const conversationId = insertConversation(listingId, buyer.id, seller.id, 2);
  const db = openE2eDb();
  db.prepare('update listings set deleted_at = ? where id = ?').run(Date.now(), listingId);
  db.close();

  const b = await signedInPage(browser, baseURL!, buyer.id);
  await b.page.goto(`/chat?c=${conversationId}`);
  await expect(b.page.getByRole('log', { name: 'Messages' }).getByText('History message 2')).toBeVisible();
  await expect(b.page.getByText(title).first()).toBeVisible();
  await expect(b.page.getByText('deleted', { exact: true }).first()).toBeVisible();
  // The conversation list's entry is a link that names the listing too; the header's would start with its title.
  await expect(b.page.getByRole('link', { name: new RegExp(`^(About: )?${title}`) })).toHaveCount(0);
});
