import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createUser, openE2eDb, signInContext } from './support/db';
import { expectNoSeriousA11yViolations } from './support/axe';

// Real browsers' user agents (headless Chromium names itself HeadlessChrome, which the tracker ignores as a bot).
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, '') || 0);

/** Views in a breakdown table's row, or 0 when the row is not there. */
async function viewsIn(table: Locator, name: RegExp) {
  const row = table.getByRole('row', { name });
  return (await row.count()) ? number(await row.getByRole('cell').nth(1).textContent()) : 0;
}

/** The count an "Active users now" figure shows (the traffic page's group or the dashboard's card). */
async function shownCount(figure: Locator) {
  return number(/Active users now([\d,]+)/.exec((await figure.textContent()) ?? '')?.[1] ?? '');
}

const activeUsers = (page: Page) => shownCount(page.getByRole('group', { name: 'Active users now' }));

/** Pick a period as a keyboard user would (the segmented control's radios are visually hidden). */
async function choosePeriod(page: Page, name: string) {
  const radio = page.getByRole('radio', { name });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

async function readFigures(page: Page) {
  await page.getByRole('textbox', { name: 'Filter pages' }).fill('/how-it-works');
  return {
    howItWorks: await viewsIn(page.getByRole('table', { name: 'Top pages' }), /^\/how-it-works\s/),
    firefox: await viewsIn(page.getByRole('table', { name: 'Browsers' }), /^Firefox\s/),
    mobile: await viewsIn(page.getByRole('table', { name: 'Devices' }), /^Mobile\s/),
  };
}

test('a visitor browses several pages; an admin sees the views and the visitor among the active users on /admin/traffic', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  const adminContext = await browser.newContext({ userAgent: CHROME_DESKTOP });
  await signInContext(adminContext, baseURL!, admin.id);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Traffic' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Traffic' })).toBeVisible();
  await choosePeriod(adminPage, 'Today');
  await expect(adminPage).toHaveURL(/period=day/);
  // The demo data fills the page on first start.
  await expect(adminPage.getByRole('heading', { name: 'Daily page views' })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Views by hour (UTC)' })).toBeVisible();
  await expect(adminPage.getByRole('group', { name: 'Active users now' })).toContainText(/\d/);
  const before = await readFigures(adminPage);
  const activeBefore = await activeUsers(adminPage);

  // A visitor on a phone with Firefox follows the site navigation.
  const visitorContext = await browser.newContext({ userAgent: FIREFOX_ANDROID });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = visitor.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['How it works', 'How it works'],
    ['Browse', 'Browse accounts'],
    ['About', 'About Accountry'],
    ['How it works', 'How it works'],
  ]) {
    await nav.getByRole('link', { name: link }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  const visitorId = await visitor.evaluate(() => localStorage.getItem('accountry.visitorId'));
  expect(visitorId).toMatch(/^[a-f0-9]{32}$/);

  // The open admin page picks up the new visitor by itself (it refreshes every 10 seconds).
  await expect.poll(() => activeUsers(adminPage), { timeout: 25_000 }).toBeGreaterThan(activeBefore);

  await adminPage.reload();
  await expect(adminPage.getByRole('heading', { name: 'Top pages' })).toBeVisible();
  await expect.poll(async () => (await readFigures(adminPage)).howItWorks).toBe(before.howItWorks + 2);
  const after = await readFigures(adminPage);
  expect(after.firefox).toBe(before.firefox + 5);
  expect(after.mobile).toBe(before.mobile + 5);

  // Leaving the site ends the visitor's session (sent with navigator.sendBeacon as the page goes away).
  await visitor.goto('about:blank');
  const session = () => {
    const db = openE2eDb();
    try {
      return db.prepare('select * from traffic_sessions where visitor_id = ?').get(visitorId) as
        Record<string, unknown> | undefined;
    } finally {
      db.close();
    }
  };
  await expect.poll(() => session()?.is_active, { timeout: 10_000 }).toBe(0);
  expect(session()).toMatchObject({
    page_views: 5,
    entry_path: '/',
    exit_path: '/how-it-works',
    device: 'mobile',
    browser: 'Firefox',
    referrer: 'direct',
    country: 'unknown',
    city: 'unknown',
    duration: 0,
  });

  // Other periods and an empty custom range.
  await choosePeriod(adminPage, '30 days');
  await expect(adminPage).toHaveURL(/period=month/);
  await expect(adminPage.getByRole('group', { name: 'Page views' })).toContainText(/\d/);
  await choosePeriod(adminPage, 'Custom');
  await expect(adminPage.getByText('Pick the first and last day of the range.')).toBeVisible();
  // The range field and its open calendar pass axe: named dialog, month buttons and clear button.
  await expectNoSeriousA11yViolations(adminPage);
  await adminPage.getByRole('button', { name: /Custom range \(UTC days\)/ }).click();
  const calendar = adminPage.getByRole('dialog', { name: /Custom range \(UTC days\)/ });
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
  await adminPage.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await adminPage.goto('/admin/traffic?period=custom&from=2020-01-01&to=2020-01-07');
  await expect(adminPage.getByText('No page views in this period yet.').first()).toBeVisible();
});

/** Sessions the server counts as active now (spec: active, and seen in the last 5 minutes). */
function activeSessionsInDb() {
  const db = openE2eDb();
  try {
    const since = Date.now() - 5 * 60_000;
    const row = db
      .prepare('select count(*) as n from traffic_sessions where is_active = 1 and last_active >= ?')
      .get(since) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

function sessionActive(id: string) {
  const db = openE2eDb();
  try {
    const row = db.prepare('select is_active from traffic_sessions where id = ?').get(id) as
      { is_active: number } | undefined;
    return row?.is_active;
  } finally {
    db.close();
  }
}

test('after a reload "Active users now" counts the admin\'s own visit at once, not at the next poll', async ({
  browser,
  baseURL,
}) => {
  const admin = createUser('admin');
  const context = await browser.newContext({ userAgent: CHROME_DESKTOP });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  const figures = [
    // The dashboard asks every minute, the traffic page every 10 seconds: both well after what is checked here.
    { path: '/admin', figure: page.getByRole('link', { name: /^Active users now/ }) },
    { path: '/admin/traffic?period=day', figure: page.getByRole('group', { name: 'Active users now' }) },
  ];
  for (const { path, figure } of figures) {
    await page.goto(path);
    await expect(figure).toContainText(/Active users now\d/);
    const sessionId = await page.evaluate(() => sessionStorage.getItem('accountry.trafficSessionId'));
    expect(sessionId).toBeTruthy();
    await expect.poll(() => sessionActive(sessionId!)).toBe(1);

    // The reload ends the tab's session as the page goes (pagehide); its next page view resumes it. That view is held
    // until the end has landed, as a slow request would be: the count must wait for it rather than miss the admin.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/traffic/events', async (route) => {
      if ((route.request().postDataJSON() as { type?: string } | null)?.type === 'page_view') await released;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => sessionActive(sessionId!)).toBe(0);
    // "At once" is the reloaded page's first answer, however long it takes, not a later poll's. The page asks only
    // once its page view has landed, which is held until release().
    const firstAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/traffic/active-users');
    release();
    await expect.poll(() => sessionActive(sessionId!)).toBe(1);
    const expected = activeSessionsInDb();
    expect(((await (await firstAnswer).json()) as { count: number }).count).toBe(expected);
    await expect.poll(() => shownCount(figure)).toBe(expected);
    await page.unroute('**/api/traffic/events');
  }
});

/** The UTC day `back` days before today, as the statistics key it (2026-03-05). */
const dayBefore = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A table's body as text, row by row. */
const bodyRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent?.trim() ?? '')));

test('each traffic chart opens as a data table with a caption, headers and the seeded figures; axe passes', async ({
  browser,
  baseURL,
}) => {
  // Seeded days before today: nothing a journey does changes them.
  const from = dayBefore(9);
  const to = dayBefore(3);
  const db = openE2eDb();
  const days = Array.from({ length: 7 }, (_, i) => dayBefore(9 - i));
  const daily = days.map((day) => {
    const views = db.prepare('select total_page_views as n from traffic_days where day = ?').get(day) as
      { n: number } | undefined;
    const visitors = db.prepare('select count(*) as n from traffic_visitors where day = ?').get(day) as { n: number };
    return [longDay(day), (views?.n ?? 0).toLocaleString('en-US'), visitors.n.toLocaleString('en-US')];
  });
  const hours = db.prepare('select hour, views from traffic_hours where day = ?').all(to) as {
    hour: number;
    views: number;
  }[];
  db.close();
  const hourly = Array.from({ length: 24 }, (_, h) => [
    `${String(h).padStart(2, '0')}:00`,
    (hours.find((r) => r.hour === h)?.views ?? 0).toLocaleString('en-US'),
  ]);
  expect(
    daily.some(([, views]) => views !== '0'),
    'the demo data has views on these days',
  ).toBe(true);

  const admin = createUser('admin');
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await signInContext(context, baseURL!, admin.id);
  const page = await context.newPage();
  await page.goto(`/admin/traffic?period=custom&from=${from}&to=${to}`);

  const dailySection = page.getByRole('region', { name: 'Daily page views' });
  const show = dailySection.getByRole('button', { name: 'Show data as table' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  // Each chart's button is named after its table, so the two differ to a screen reader.
  await expect(show).toHaveAccessibleName('Show data as table: Page views and unique visitors per day (UTC)');
  await expect(dailySection.getByRole('table')).toHaveCount(0);
  await show.click();
  const hide = dailySection.getByRole('button', { name: 'Hide data table' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const dailyTable = dailySection.getByRole('table', { name: 'Page views and unique visitors per day (UTC)' });
  await expect(dailyTable.getByRole('columnheader')).toHaveText(['Day', 'Page views', 'Unique visitors']);
  await expect(dailyTable.getByRole('rowheader')).toHaveText(daily.map(([day]) => day));
  expect(await bodyRows(dailyTable)).toEqual(daily);

  const hourlySection = page.getByRole('region', { name: 'Views by hour (UTC)' });
  await hourlySection.getByRole('button', { name: 'Show data as table' }).click();
  const hourlyTable = hourlySection.getByRole('table', { name: `Page views by hour on ${longDay(to)} (UTC)` });
  await expect(hourlyTable.getByRole('columnheader')).toHaveText(['Hour (UTC)', 'Page views']);
  await expect(hourlyTable.getByRole('rowheader')).toHaveCount(24);
  expect(await bodyRows(hourlyTable)).toEqual(hourly);
  // Its scrolling box is a Tab stop, so it is a region named by the caption.
  const hourlyBox = hourlySection.getByRole('region', { name: `Page views by hour on ${longDay(to)} (UTC)` });
  await expect(hourlyBox).toHaveAttribute('tabindex', '0');
  await expect(hourlyBox.getByRole('table')).toBeVisible();

  await expectNoSeriousA11yViolations(page);

  await hide.click();
  await expect(dailySection.getByRole('button', { name: 'Show data as table' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(dailyTable).toBeHidden();
});
