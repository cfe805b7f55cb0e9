import { ACTIVE_SESSION_WINDOW_MS, HOURLY_COUNTERS } from '@accountry/shared/constants';
import { addDays, dayStart, listDays, resolvePeriod, type TrafficPeriod } from '@accountry/shared/traffic-period';
import type { TrafficStats } from '@accountry/shared/traffic';
import type { Database } from '../../db/database';
import {
  countActiveSessions,
  countUniqueVisitors,
  dailyPageViews,
  dailyVisitorCounts,
  hourlyViews,
  sessionSummary,
  sumPageViews,
  topDimension,
  topPages,
} from './traffic-read.repository';

export const TOP_PAGES = 100;
export const TOP_REFERRERS = 50;
const ALL = 1000;

export interface StatsRequest {
  period: TrafficPeriod;
  from?: string;
  to?: string;
  hourlyDate?: string;
}

/** Spec section 7: sum the views, deduplicate visitors across days, and break the period down. Range queries rethrow. */
export async function readTrafficStats(db: Database, now: number, req: StatsRequest): Promise<TrafficStats> {
  const { from, to } = resolvePeriod(req.period, now, req);
  const hourlyDate = req.hourlyDate ?? to;
  const [total, unique, daily, dailyVisitors, pages, devices, browsers, referrers, hours, sessions] = await Promise.all(
    [
      sumPageViews(db, from, to),
      countUniqueVisitors(db, from, to),
      dailyPageViews(db, from, to),
      dailyVisitorCounts(db, from, to),
      topPages(db, from, to, TOP_PAGES),
      topDimension(db, 'device', from, to, ALL),
      topDimension(db, 'browser', from, to, ALL),
      topDimension(db, 'referrer', from, to, TOP_REFERRERS),
      hourlyViews(db, hourlyDate),
      sessionSummary(db, dayStart(from), dayStart(addDays(to, 1))),
    ],
  );
  const viewsByDay = new Map(daily.map((d) => [d.day, Number(d.totalPageViews)]));
  const visitorsByDay = new Map(dailyVisitors.map((d) => [d.day, Number(d.n)]));
  const byHour = Array.from({ length: HOURLY_COUNTERS }, () => 0);
  for (const h of hours) byHour[h.hour] = Number(h.views);
  const named = (rows: Array<{ value: string; views: number }>) =>
    rows.map((r) => ({ name: r.value, views: Number(r.views) }));
  return {
    period: req.period,
    from,
    to,
    totalPageViews: total,
    uniqueVisitorCount: unique,
    sessionCount: sessions.count,
    averageSessionMinutes: sessions.averageDuration === null ? null : Math.round(sessions.averageDuration * 10) / 10,
    pageCount: Number(pages[0]?.pageCount ?? 0),
    pages: pages.map((p) => ({ key: p.pathKey, path: String(p.rawPath), views: Number(p.views) })),
    devices: named(devices),
    browsers: named(browsers),
    referrers: named(referrers),
    daily: listDays(from, to).map((date) => ({
      date,
      pageViews: viewsByDay.get(date) ?? 0,
      uniqueVisitors: visitorsByDay.get(date) ?? 0,
    })),
    hourly: { date: hourlyDate, views: byHour },
  };
}

/** Sessions still active whose lastActive is within the last 5 minutes. */
export function readActiveUsers(db: Database, now: number) {
  return countActiveSessions(db, now - ACTIVE_SESSION_WINDOW_MS);
}
