import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test, type Locator } from '@playwright/test';
import { createUser, signInContext } from './support/db';
import { insertListing } from './support/listings-db';
import { insertLongConversation, insertManyUsers } from './support/long-lists';

// A long history pages in 30 at a time on a busy machine: allow the slow steps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/** The sequence numbers of the messages in the DOM ("Long message 123"), top to bottom. */
const renderedSeqs = (log: Locator) =>
  log.evaluate((el) =>
    Array.from(el.querySelectorAll('article')).map((a) => Number(/Long message (\d+)/.exec(a.innerText)?.[1] ?? NaN)),
  );

test('a conversation of 650 messages keeps only a window in the DOM and scrolls back to the first in order', async ({
  browser,
  baseURL,
}) => {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `Long Seller ${tag}`);
  const buyer = createUser('buyer', `Long Buyer ${tag}`);
  const listingId = insertListing(seller.id, { title: `Long chat account ${tag}` });
  const conversationId = insertLongConversation(listingId, buyer.id, seller.id, 650);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, baseURL!, buyer.id);
  const page = await context.newPage();

  await page.goto(`/chat?c=${conversationId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  // Opens at the newest message.
  await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
  const opening = await renderedSeqs(log);
  expect(opening.at(-1)).toBe(650);

  // Scrolling to the top loads older pages above and keeps the rows in sequence, with no gaps.
  let lowest = opening[0];
  while (lowest > 1) {
    await log.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(async () => Math.min(...(await renderedSeqs(log)))).toBeLessThan(lowest);
    const seqs = await renderedSeqs(log);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    expect(seqs.length).toBeLessThan(80);
    lowest = seqs[0];
  }
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(log.getByText('Long message 1', { exact: true })).toBeInViewport();
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  // 650 loaded, a window rendered; system notices stay centred notices, not bubbles.
  expect((await renderedSeqs(log)).length).toBeLessThan(80);
  const notice = log.getByRole('article', { name: /^Order update at / }).first();
  await expect(notice).toHaveAttribute('data-kind', 'system');

  // Back at the bottom the newest is in view again, and a sent message lands under it.
  await log.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(log.getByText('Long message 650', { exact: true })).toBeInViewport();
  await page.getByRole('textbox', { name: 'Message' }).fill('Still there after 650 messages?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(log.getByText('Still there after 650 messages?')).toBeInViewport();
  await context.close();
});

test('the admin users table renders a window of rows with a sticky header and loads the next page on scroll', async ({
  browser,
  baseURL,
}) => {
  const prefix = `Bulk ${randomBytes(3).toString('hex')}`;
  insertManyUsers(prefix, 300);
  const admin = createUser('admin');
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();

  await page.goto(`/admin/users?q=${encodeURIComponent(prefix)}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('link', { name: `${prefix} 0001` })).toBeVisible();
  const scroller = page.getByRole('region', { name: 'Users, scrollable' });
  const rows = table.locator('tbody tr[aria-rowindex]');
  const header = table.getByRole('columnheader', { name: 'Name' });

  // A page of 25 is loaded, fewer than that rendered; the header counts as row 1.
  await expect(table).toHaveAttribute('aria-rowcount', '26');
  expect(await rows.count()).toBeLessThan(25);

  // Scrolling to the end loads the next keyset pages; the DOM keeps a window, the header stays in view.
  for (let loaded = 25; loaded < 100; loaded += 25) {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(table).toHaveAttribute('aria-rowcount', String(loaded + 26));
  }
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table).toHaveAttribute('aria-rowcount', '126');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(table.getByRole('link', { name: `${prefix} 0125` })).toBeVisible();
  expect(await rows.count()).toBeLessThan(40);
  await expect(header).toBeInViewport();
  await expect(rows.last()).toHaveAttribute('aria-rowindex', /^\d+$/);
  const lastIndex = Number(await rows.last().getAttribute('aria-rowindex'));
  expect(lastIndex).toBeGreaterThan(125);
  await expect(table.getByRole('link', { name: `${prefix} 0001` })).toHaveCount(0);

  // Keyboard: the scroll box takes focus and End/Home scroll it.
  await scroller.focus();
  await page.keyboard.press('Home');
  await expect(table.getByRole('link', { name: `${prefix} 0001` })).toBeVisible();
  await context.close();
});
