import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { postWithSession } from './support/session-api';
import { createUser, openE2eDb, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { a11yViolations } from './support/axe';

// A long history pages in 30 at a time on a busy machine: allow the slow steps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const id = () => randomBytes(16).toString('base64url');

/**
 * A conversation of `count` messages between the two, one a minute ending now, bodies "Long message <seq>", every
 * 50th (25, 75, …) an order notice; written in one transaction so hundreds take a moment.
 */
function insertLongConversation(listingId: string, buyerId: string, sellerId: string, count: number) {
  const conversationId = id();
  const end = Date.now();
  const start = end - count * 60_000;
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into messages (id, conversation_id, seq, kind, sender_id, client_id, body, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(
      `insert into conversations (id, listing_id, buyer_id, seller_id, created_at, updated_at, last_seq,
         buyer_read_seq, seller_read_seq, buyer_delivered_seq, seller_delivered_seq, last_message_preview,
         last_sender_id, last_message_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      conversationId,
      listingId,
      buyerId,
      sellerId,
      start,
      end,
      count,
      count,
      count,
      count,
      count,
      '',
      sellerId,
      end,
    );
    for (let seq = 1; seq <= count; seq++) {
      const system = seq % 50 === 25;
      const sender = system ? null : seq % 2 ? buyerId : sellerId;
      const kind = system ? 'system' : 'user';
      insert.run(id(), conversationId, seq, kind, sender, id(), `Long message ${seq}`, start + seq * 60_000);
    }
  })();
  db.close();
  return conversationId;
}

async function setUp(browser: Browser, baseURL: string, height: number) {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Long Seller ${tag}`);
  const buyer = createUser('buyer', `Long Buyer ${tag}`);
  const conversationId = insertLongConversation(
    insertListing(seller.id, { title: `Long chat account ${tag}` }),
    buyer.id,
    seller.id,
    650,
  );
  const context = await browser.newContext({ viewport: { width: 1280, height } });
  await signInContext(context, baseURL, buyer.id);
  // The seller writes through the API from a context of their own: an incoming message for the buyer's page.
  const sellerContext = await browser.newContext();
  await signInContext(sellerContext, baseURL, seller.id);
  const page = await context.newPage();
  return { sellerContext, page, conversationId };
}

async function sendAs(context: BrowserContext, baseURL: string, conversationId: string, body: string) {
  await postWithSession(context, baseURL, `/api/chat/conversations/${conversationId}/messages`, {
    clientId: randomBytes(9).toString('base64url'),
    body,
  });
}

/** Holds the next request for an older page until `release`: the journey looks at the list while it is on its way. */
async function holdNextOlderPage(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(
    (url) => url.pathname.endsWith('/messages') && url.searchParams.has('before'),
    async (route) => {
      if (held) return route.continue();
      held = true;
      await released;
      await route.continue();
    },
  );
  // Polled, not awaited: a list that never asks fails the journey here, with this step named, instead of at its end.
  const seen = () =>
    expect.poll(() => held, { message: 'the list asks for the older page', timeout: 60_000 }).toBe(true);
  return { seen, release };
}

/** The sequence numbers of the messages in the DOM ("Long message 123"), top to bottom; other messages left out. */
const renderedSeqs = (log: Locator) =>
  log.evaluate((el) =>
    Array.from(el.querySelectorAll<HTMLElement>('article'))
      .map((a) => Number(/Long message (\d+)/.exec(a.innerText)?.[1] ?? NaN))
      .filter((n) => !Number.isNaN(n)),
  );

const lowestSeq = async (log: Locator) => Math.min(...(await renderedSeqs(log)));

/** The first message at least partly in the log's view: its text and how far its top is below the log's top. */
const firstInView = (log: Locator) =>
  log.evaluate((el) => {
    const view = el.getBoundingClientRect();
    for (const a of Array.from(el.querySelectorAll('article'))) {
      const r = a.getBoundingClientRect();
      if (r.bottom > view.top && r.top < view.bottom) return { text: a.textContent ?? '', top: r.top - view.top };
    }
    throw new Error('no message in view');
  });

const topOf = (log: Locator, text: string) =>
  log.evaluate((el, t) => {
    const a = Array.from(el.querySelectorAll('article')).find((x) => x.textContent === t);
    return a ? a.getBoundingClientRect().top - el.getBoundingClientRect().top : NaN;
  }, text);

/** Waits until the log has stopped moving (a smooth scroll or a fling has ended): the same position for 300 ms. */
async function stillAfterScrolling(log: Locator) {
  let last = NaN;
  await expect
    .poll(
      async () => {
        const top = await log.evaluate((el) => el.scrollTop);
        const still = top === last;
        last = top;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
}

/** The message is still where it was in the log's view (a pixel either way for rounding). */
async function expectInPlace(log: Locator, was: { text: string; top: number }) {
  expect(Math.abs((await topOf(log, was.text)) - was.top)).toBeLessThanOrEqual(2);
}

/** axe over the open conversation, for what the window changes: the log, its spacers, its focusable scroll box. */
async function expectLogStructureAccessible(page: Page) {
  // At rest: the new user's unread welcome banner fades in a moment after the page opens (mid-fade, its contrast fails).
  const found = (await a11yViolations(page)).flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? v.help}`.replace(/\s+/g, ' ')),
  );
  expect(found).toEqual([]);
}

/** Rows drawn: far fewer than the messages loaded. */
async function expectAWindow(log: Locator) {
  expect(await log.locator('article').count()).toBeLessThan(80);
}

/**
 * From the page's first frame, checks on every frame on which the log shows messages that the newest one (the last
 * drawn) is in the log's view; `newestFrames` ends the watch and returns how many frames had messages and a
 * description of any that showed the newest out of view.
 */
async function watchNewestFromOpen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { watch: { frames: number; off: string[]; on: boolean } };
    w.watch = { frames: 0, off: [], on: true };
    const tick = () => {
      if (!w.watch.on) return;
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      const articles = log?.querySelectorAll<HTMLElement>('article');
      if (log && articles?.length) {
        const newest = articles[articles.length - 1];
        const view = log.getBoundingClientRect();
        const r = newest.getBoundingClientRect();
        w.watch.frames++;
        if (r.bottom <= view.top || r.top >= view.bottom)
          w.watch.off.push(`${newest.innerText}: ${r.top} to ${r.bottom}, view ${view.top} to ${view.bottom}`);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function expectNewestNeverLeft(page: Page) {
  const seen = await page.evaluate(() => {
    const w = window as unknown as { watch: { frames: number; off: string[]; on: boolean } };
    w.watch.on = false;
    return w.watch;
  });
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.off).toEqual([]);
}

async function wheelOver(page: Page, log: Locator, deltaY: number) {
  const box = (await log.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, deltaY);
}

test('650 messages: opens at the newest, follows new ones, keeps its place above, draws a window', async ({
  browser,
  baseURL,
}) => {
  const { sellerContext, page, conversationId } = await setUp(browser, baseURL!, 800);
  const older = await holdNextOlderPage(page);
  await watchNewestFromOpen(page);

  await page.goto(`/chat?c=${conversationId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  // Opens at the newest message, with only the newest page's rows drawn.
  await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
  expect((await renderedSeqs(log)).at(-1)).toBe(650);
  await expectAWindow(log);
  await expectLogStructureAccessible(page);

  // A message arriving while the newest is in view comes into view.
  await sendAs(sellerContext, baseURL!, conversationId, 'Are you still there?');
  await expect(log.getByText('Are you still there?', { exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);
  await expectNewestNeverLeft(page);

  // Scrolled up by hand, a new message does not move the view: the "New messages" button offers it instead.
  await wheelOver(page, log, -500);
  await expect(log.getByText('Are you still there?', { exact: true })).not.toBeInViewport();
  await stillAfterScrolling(log);
  const reading = await firstInView(log);
  await sendAs(sellerContext, baseURL!, conversationId, 'Hello? Any questions about the account?');
  await expect(page.getByRole('button', { name: 'New messages' })).toBeVisible();
  await expectInPlace(log, reading);
  await page.getByRole('button', { name: 'New messages' }).click();
  await expect(log.getByText('Hello? Any questions about the account?', { exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);

  // Home (keyboard) reaches the top of what is loaded and asks for the older page; when it goes in above, the
  // message the reader was looking at stays where it was. On a slow device (the CPU throttled 20 times) too: there a
  // smooth scroll's last frames came with no scroll event, and the list put the view back where the last one was.
  await log.focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.keyboard.press('Home');
  await older.seen();
  await expect(log.getByText('Long message 621', { exact: true })).toBeInViewport();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await stillAfterScrolling(log);
  const before = await firstInView(log);
  const lowest = await lowestSeq(log);
  older.release();
  await expect.poll(() => lowestSeq(log)).toBeLessThan(lowest);
  await expectInPlace(log, before);

  // Scrolling on up loads every older page above and keeps the rows in sequence, with no gaps, and a window drawn.
  let reached = await lowestSeq(log);
  while (reached > 1) {
    await wheelOver(page, log, -3000);
    await expect.poll(() => lowestSeq(log)).toBeLessThan(reached);
    const seqs = await renderedSeqs(log);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    await expectAWindow(log);
    reached = seqs[0];
  }
  await wheelOver(page, log, -3000);
  await expect(log.getByText('Long message 1', { exact: true })).toBeInViewport();
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  // 650 loaded, a window drawn; order notices stay centred notices, not bubbles.
  await expectAWindow(log);
  await expect(log.getByRole('article', { name: /^Update from Accountry at / }).first()).toHaveAttribute(
    'data-kind',
    'system',
  );

  // End goes back to the newest, which is followed again: a new message comes into view, and so does one sent.
  await log.focus();
  await page.keyboard.press('End');
  await expect(log.getByText('Hello? Any questions about the account?', { exact: true })).toBeInViewport();
  await sendAs(sellerContext, baseURL!, conversationId, 'I can lower the price a little.');
  await expect(log.getByText('I can lower the price a little.', { exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('Still there after 650 messages?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(log.getByText('Still there after 650 messages?')).toBeInViewport();
  await expectAWindow(log);
});

for (const older of ['after the newest page has settled', 'as soon as it can']) {
  test(`a tall window loads an older page on open (arriving ${older}) and never leaves the newest`, async ({
    browser,
    baseURL,
  }) => {
    // The newest page does not fill a window this tall, so the first older page loads as soon as the list opens.
    const { sellerContext, page, conversationId } = await setUp(browser, baseURL!, 2600);
    const held = older.startsWith('after') ? await holdNextOlderPage(page) : null;
    await watchNewestFromOpen(page);

    await page.goto(`/chat?c=${conversationId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
    if (held) {
      await held.seen();
      held.release();
    }
    // The older page went in above (its rows drawn right above the view) while the newest stayed in view.
    await expect.poll(() => lowestSeq(log)).toBeLessThan(621);
    await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
    await expectAWindow(log);
    await sendAs(sellerContext, baseURL!, conversationId, 'Just checking in.');
    await expect(log.getByText('Just checking in.', { exact: true })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);
    await expectNewestNeverLeft(page);
  });
}

test('on a phone the conversation opens at the newest, and a touch scroll up is not pulled back down', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Phone Seller ${tag}`);
  const buyer = createUser('buyer', `Phone Buyer ${tag}`);
  const conversationId = insertLongConversation(
    insertListing(seller.id, { title: `Phone chat account ${tag}` }),
    buyer.id,
    seller.id,
    650,
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInContext(context, baseURL!, buyer.id);
  const sellerContext = await browser.newContext();
  await signInContext(sellerContext, baseURL!, seller.id);
  const page = await context.newPage();

  await page.goto(`/chat?c=${conversationId}`);
  // The phone shows the conversation alone, with a way back to the list.
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
  await expectAWindow(log);

  // A finger drags the history down (toward older messages), through the browser's touch input.
  const box = (await log.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const x = Math.round(box.x + box.width / 2);
  let y = Math.round(box.y + box.height / 3);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 0; i < 10; i++) {
    y += 30;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(log.getByText('Long message 650', { exact: true })).not.toBeInViewport();
  await stillAfterScrolling(log);
  const reading = await firstInView(log);
  await sendAs(sellerContext, baseURL!, conversationId, 'Did you see my offer?');
  await expect(page.getByRole('button', { name: 'New messages' })).toBeVisible();
  await expectInPlace(log, reading);
  await page.getByRole('button', { name: 'New messages' }).tap();
  await expect(log.getByText('Did you see my offer?', { exact: true })).toBeInViewport();
});
