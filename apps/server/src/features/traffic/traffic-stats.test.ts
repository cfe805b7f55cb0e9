import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAFFIC_MESSAGES, TRAFFIC_STATS_PATH } from '@accountry/shared/traffic';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import {
  at,
  FIREFOX_ANDROID,
  newVisitorId,
  pageView,
  readStats,
  SAFARI_IPAD,
  sendEvent,
  startSession,
} from './traffic-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** An admin signed in at the current clock time (sessions expire when the clock jumps). */
const admin = async () => (await userWithSession(ctx, 'admin')).session.headers;

async function viewsAt(iso: string, visitorId: string, paths: string[], userAgent?: string) {
  ctx.clock.set(at(iso));
  for (const path of paths) await pageView(ctx, visitorId, path, {}, { userAgent });
}

describe('GET /api/admin/traffic/stats: periods across day and year boundaries', () => {
  const [a, b] = [newVisitorId(), newVisitorId()];
  beforeAll(async () => {
    await viewsAt('2026-01-02T23:59:59.999Z', a, ['/']); // one day before the year period
    await viewsAt('2026-01-03T00:00:00.000Z', a, ['/browse']); // first day of the year period
    await viewsAt('2026-12-26T12:00:00Z', a, ['/about', '/about']); // just outside the week
    await viewsAt('2026-12-27T00:00:00Z', a, ['/']); // first day of the week
    await viewsAt('2026-12-31T23:59:59.999Z', b, ['/browse'], FIREFOX_ANDROID);
    await viewsAt('2027-01-01T00:00:00Z', b, ['/browse', '/about'], FIREFOX_ANDROID);
    await viewsAt('2027-01-03T00:30:00Z', a, ['/'], SAFARI_IPAD);
    await viewsAt('2027-01-03T23:10:00Z', b, ['/how-it-works'], FIREFOX_ANDROID);
    ctx.clock.set(at('2027-01-03T23:30:00Z'));
  });

  it('day: today only, with its 24 hourly counters', async () => {
    const s = await readStats(ctx, await admin(), { period: 'day' });
    expect(s).toMatchObject({
      period: 'day',
      from: '2027-01-03',
      to: '2027-01-03',
      totalPageViews: 2,
      uniqueVisitorCount: 2,
    });
    expect(s.daily).toEqual([{ date: '2027-01-03', pageViews: 2, uniqueVisitors: 2 }]);
    expect(s.hourly.date).toBe('2027-01-03');
    expect(s.hourly.views).toHaveLength(24);
    expect(s.hourly.views[0]).toBe(1);
    expect(s.hourly.views[23]).toBe(1);
    expect(s.hourly.views.reduce((x, y) => x + y, 0)).toBe(2);
  });

  it('week: 7 days back across the new year, zero-filled, visitors deduplicated', async () => {
    const s = await readStats(ctx, await admin(), { period: 'week' });
    expect(s).toMatchObject({ from: '2026-12-27', to: '2027-01-03', totalPageViews: 6, uniqueVisitorCount: 2 });
    expect(s.daily.map((d) => d.date)).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(s.daily.map((d) => d.pageViews)).toEqual([1, 0, 0, 0, 1, 2, 0, 2]);
    // b visited on three days but is one visitor for the week.
    expect(s.daily.map((d) => d.uniqueVisitors)).toEqual([1, 0, 0, 0, 1, 1, 0, 2]);
    expect(s.pages).toEqual([
      { key: '_', path: '/', views: 2 },
      { key: '_browse', path: '/browse', views: 2 },
      { key: '_about', path: '/about', views: 1 },
      { key: '_how-it-works', path: '/how-it-works', views: 1 },
    ]);
    expect(s.pageCount).toBe(4);
    expect(s.devices).toEqual([
      { name: 'mobile', views: 4 },
      { name: 'desktop', views: 1 },
      { name: 'tablet', views: 1 },
    ]);
    expect(s.browsers).toEqual([
      { name: 'Firefox', views: 4 },
      { name: 'Chrome', views: 1 },
      { name: 'Safari', views: 1 },
    ]);
    expect(s.referrers).toEqual([{ name: 'direct', views: 6 }]);
  });

  it('month and year: 30 and 365 days back', async () => {
    const month = await readStats(ctx, await admin(), { period: 'month' });
    expect(month).toMatchObject({ from: '2026-12-04', to: '2027-01-03', totalPageViews: 8 });
    expect(month.daily).toHaveLength(31);
    const year = await readStats(ctx, await admin(), { period: 'year' });
    expect(year).toMatchObject({ from: '2026-01-03', to: '2027-01-03', totalPageViews: 9, uniqueVisitorCount: 2 });
    expect(year.daily).toHaveLength(366);
    expect(year.daily[0]).toEqual({ date: '2026-01-03', pageViews: 1, uniqueVisitors: 1 });
  });

  it('custom: its own range, and the hourly breakdown of a chosen day', async () => {
    const s = await readStats(ctx, await admin(), {
      period: 'custom',
      from: '2026-12-31',
      to: '2027-01-01',
      hourlyDate: '2026-12-31',
    });
    expect(s).toMatchObject({ from: '2026-12-31', to: '2027-01-01', totalPageViews: 3, uniqueVisitorCount: 1 });
    expect(s.hourly).toEqual({ date: '2026-12-31', views: [...Array(23).fill(0), 1] });
    const empty = await readStats(ctx, await admin(), { period: 'custom', from: '2020-01-01', to: '2020-01-02' });
    expect(empty).toMatchObject({
      totalPageViews: 0,
      uniqueVisitorCount: 0,
      pageCount: 0,
      pages: [],
      devices: [],
      sessionCount: 0,
      averageSessionMinutes: null,
    });
    expect(empty.daily).toEqual([
      { date: '2020-01-01', pageViews: 0, uniqueVisitors: 0 },
      { date: '2020-01-02', pageViews: 0, uniqueVisitors: 0 },
    ]);
  });
});

describe('sessions and referrers in the statistics', () => {
  it('counts sessions started in the range, their mean duration, and referring hosts', async () => {
    ctx.clock.set(at('2028-06-01T10:00:00Z'));
    const v = newVisitorId();
    const s1 = await startSession(ctx, v, '/', { referrer: 'https://www.google.com/' });
    await pageView(ctx, v, '/', { sessionId: s1, referrer: 'https://www.google.com/' });
    await pageView(ctx, v, '/x', { sessionId: s1, referrer: 'nonsense' });
    const s2 = await startSession(ctx, v, '/');
    ctx.clock.advance(4 * 60_000);
    await sendEvent(ctx, { type: 'session_end', visitorId: v, sessionId: s1 });
    ctx.clock.advance(2 * 60_000);
    await sendEvent(ctx, { type: 'session_end', visitorId: v, sessionId: s2 });
    const s = await readStats(ctx, await admin(), { period: 'day' });
    expect(s).toMatchObject({ sessionCount: 2, averageSessionMinutes: 5 });
    expect(s.referrers).toEqual([
      { name: 'invalid', views: 1 },
      { name: 'www.google.com', views: 1 },
    ]);
  });
});

describe('access and validation', () => {
  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: TRAFFIC_STATS_PATH })).statusCode).toBe(401);
    const { session } = await userWithSession(ctx, 'seller');
    expect(
      (await ctx.app.inject({ method: 'GET', url: TRAFFIC_STATS_PATH, headers: session.headers })).statusCode,
    ).toBe(403);
  });

  it.each([
    [{ period: 'fortnight' }, 'period'],
    [{ period: 'custom', from: '2027-01-01' }, 'to'],
    [{ period: 'custom', from: '2027-01-05', to: '2027-01-01' }, 'from'],
    [{ period: 'custom', from: '2020-01-01', to: '2027-01-01' }, 'to'],
    [{ period: 'day', hourlyDate: '2027-02-30' }, 'hourlyDate'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: TRAFFIC_STATS_PATH, query, headers: await admin() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it('names the spec messages for a custom range', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: TRAFFIC_STATS_PATH,
      query: { period: 'custom', from: '2027-01-05', to: '2027-01-01' },
      headers: await admin(),
    });
    expect(res.json().error.message).toBe(TRAFFIC_MESSAGES.rangeOrder);
  });
});
