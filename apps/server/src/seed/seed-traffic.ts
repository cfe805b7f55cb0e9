import { sanitizeTrafficPath } from '@accountry/shared/traffic-detect';
import { addDays, dayKey, dayStart } from '@accountry/shared/traffic-period';
import { UNKNOWN_LOCATION } from '@accountry/shared/traffic';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { SeedContext } from './seed-demo-data';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

const DAYS = 90;

/** A fixed-seed generator, so every first start tells the same plausible story. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted = Array<[string, number]>;

const DEVICES: Weighted = [
  ['mobile', 55],
  ['desktop', 38],
  ['tablet', 7],
];
const BROWSERS: Weighted = [
  ['Chrome', 61],
  ['Safari', 21],
  ['Edge', 7],
  ['Firefox', 6],
  ['Opera', 3],
  ['Unknown', 1.7],
  ['Internet Explorer', 0.3],
];
const REFERRERS: Weighted = [
  ['direct', 44],
  ['www.google.com', 29],
  ['www.reddit.com', 7],
  ['discord.com', 5],
  ['t.co', 5],
  ['www.youtube.com', 4],
  ['www.bing.com', 3],
  ['duckduckgo.com', 2],
  ['invalid', 1],
];
const SITE_PATHS: Weighted = [
  ['/', 30],
  ['/browse', 24],
  ['/how-it-works', 6],
  ['/about', 4],
  ['/signin', 6],
  ['/signup', 3],
  ['/favorites', 3],
  ['/chat', 4],
  ['/profile', 2],
  ['/listing-management', 2],
  ['/rate-us', 1],
  ['/privacy-policy', 0.6],
  ['/terms-of-service', 0.6],
];
// Busiest in the (UTC) evening, quietest before dawn.
const HOUR_WEIGHTS = [3, 2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 5.5, 6, 6.5, 6.5, 6, 6, 6.5, 7.5, 9, 10, 10, 9, 7, 5];

function pick(rand: () => number, items: Weighted): string {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [name, w] of items) if ((r -= w) < 0) return name;
  return items[0][0];
}

/** Counts for `n` draws from the weights. */
function spread(rand: () => number, n: number, items: Weighted) {
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = pick(rand, items);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

async function insertAll<T extends keyof DB>(db: Database, table: T, rows: Array<DB[T]>) {
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 400) as never)
      .execute();
}

/** 90 days of visits up to now: growing, busier at weekends and in the evening, with returning visitors. */
export async function seedTraffic({ db, clock, log }: SeedContext) {
  const rand = random(20261123);
  const now = clock.now();
  const today = dayKey(now);
  const listings = await db.selectFrom('listings').select(['id', 'sellerId']).limit(12).execute();
  const paths: Weighted = [
    ...SITE_PATHS,
    ...listings.map((l): [string, number] => [`/account/${l.sellerId}/${l.id}`, 1.5]),
    ...[...new Set(listings.map((l) => l.sellerId))].map((s): [string, number] => [`/seller/${s}`, 0.8]),
  ];
  const rows = {
    days: [] as Array<DB['trafficDays']>,
    hours: [] as Array<DB['trafficHours']>,
    paths: [] as Array<DB['trafficPaths']>,
    dims: [] as Array<DB['trafficDimensions']>,
    visitors: [] as Array<DB['trafficVisitors']>,
    sessions: [] as Array<DB['trafficSessions']>,
  };
  let nextVisitor = 0;
  const visitorId = (n: number) => `demo-visitor-${String(n).padStart(6, '0')}`;

  for (let back = DAYS - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const start = dayStart(day);
    const lastHour = back === 0 ? new Date(now).getUTCHours() : 23;
    const weekend = [0, 6].includes(new Date(start).getUTCDay());
    const level = (160 + (DAYS - back) * 2.6) * (weekend ? 1.18 : 1) * (0.85 + rand() * 0.3);
    const hourViews = HOUR_WEIGHTS.map((w, h) =>
      h > lastHour ? 0 : Math.round(((level * w) / 130) * (0.8 + rand() * 0.4)),
    );
    const total = hourViews.reduce((s, n) => s + n, 0);
    if (total === 0) continue;
    rows.days.push({
      day,
      totalPageViews: total,
      createdAt: start,
      updatedAt: back === 0 ? now : start + DAY_MS - 1,
    });
    hourViews.forEach((views, hour) => views && rows.hours.push({ day, hour, views }));
    for (const [path, views] of spread(rand, total, paths))
      rows.paths.push({ day, pathKey: sanitizeTrafficPath(path), rawPath: path, views });
    for (const [kind, items] of [
      ['device', DEVICES],
      ['browser', BROWSERS],
      ['referrer', REFERRERS],
    ] as const) {
      for (const [value, views] of spread(rand, total, items)) rows.dims.push({ day, kind, value, views });
    }

    // About a third of the day's visitors have been here before.
    const visitorCount = Math.max(1, Math.round(total / (2.4 + rand())));
    const visitorsToday = new Set<number>();
    for (let i = 0; i < visitorCount; i++) {
      const returning = nextVisitor > 50 && rand() < 0.35;
      visitorsToday.add(returning ? Math.floor(rand() * nextVisitor) : nextVisitor++);
    }
    for (const n of visitorsToday) rows.visitors.push({ day, visitorId: visitorId(n) });

    for (const n of visitorsToday) {
      const hour = Number(
        pick(
          rand,
          HOUR_WEIGHTS.slice(0, lastHour + 1).map((w, h): [string, number] => [String(h), w]),
        ),
      );
      const startTime = start + hour * HOUR_MS + Math.floor(rand() * HOUR_MS);
      const minutes = Math.floor(-Math.log(1 - rand()) * 4);
      const endTime = startTime + minutes * MINUTE_MS + Math.floor(rand() * MINUTE_MS);
      // Sessions still open now are the live visitors'; the demo history has none.
      if (endTime > now - 10 * MINUTE_MS) continue;
      const entryPath = pick(rand, paths);
      const exitPath = rand() < 0.5 ? entryPath : pick(rand, paths);
      rows.sessions.push({
        id: `demo-session-${day}-${n}`,
        visitorId: visitorId(n),
        startTime,
        isActive: false,
        lastActive: endTime,
        pageViews: 1 + Math.floor(-Math.log(1 - rand()) * 2.5),
        currentPath: exitPath,
        entryPath,
        device: pick(rand, DEVICES),
        browser: pick(rand, BROWSERS),
        referrer: pick(rand, REFERRERS),
        country: UNKNOWN_LOCATION,
        city: UNKNOWN_LOCATION,
        endTime,
        duration: Math.floor((endTime - startTime) / MINUTE_MS),
        exitPath,
      });
    }
  }

  await insertAll(db, 'trafficDays', rows.days);
  await insertAll(db, 'trafficHours', rows.hours);
  await insertAll(db, 'trafficPaths', rows.paths);
  await insertAll(db, 'trafficDimensions', rows.dims);
  await insertAll(db, 'trafficVisitors', rows.visitors);
  await insertAll(db, 'trafficSessions', rows.sessions);
  const views = rows.days.reduce((s, d) => s + d.totalPageViews, 0);
  log(
    `traffic: ${rows.days.length} days, ${views} page views, ${nextVisitor} visitors, ${rows.sessions.length} sessions`,
  );
}
