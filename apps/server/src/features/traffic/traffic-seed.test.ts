import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { seedTraffic } from '../../seed/seed-traffic';
import { at, readActiveCount, readStats } from './traffic-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo traffic', () => {
  it('fills 90 days up to now, consistently, with no session active', async () => {
    ctx.clock.set(at('2026-11-23T15:45:00Z'));
    await ctx.db
      .transaction()
      .execute((trx) => seedTraffic({ db: trx, clock: ctx.clock, users: {}, log: () => undefined }));
    const admin = (await userWithSession(ctx, 'admin')).session.headers;
    const year = await readStats(ctx, admin, { period: 'year' });
    const seeded = year.daily.filter((d) => d.pageViews > 0);
    expect(seeded).toHaveLength(90);
    expect(seeded[0].date).toBe('2026-08-26');
    expect(seeded.every((d) => d.uniqueVisitors > 0 && d.uniqueVisitors < d.pageViews)).toBe(true);
    // Returning visitors: fewer unique visitors over the year than the sum of the days'.
    expect(year.uniqueVisitorCount).toBeLessThan(seeded.reduce((s, d) => s + d.uniqueVisitors, 0));
    const sum = (xs: Array<{ views: number }>) => xs.reduce((s, x) => s + x.views, 0);
    expect(sum(year.devices)).toBe(year.totalPageViews);
    expect(sum(year.browsers)).toBe(year.totalPageViews);
    expect(year.pages[0].path).toBe('/');
    expect(year.sessionCount).toBeGreaterThan(1000);

    const today = await readStats(ctx, admin, { period: 'day' });
    expect(today.hourly.views.slice(16).every((n) => n === 0)).toBe(true);
    expect(today.totalPageViews).toBe(today.hourly.views.reduce((s, n) => s + n, 0));
    expect(await readActiveCount(ctx, admin)).toBe(0);
  });
});
