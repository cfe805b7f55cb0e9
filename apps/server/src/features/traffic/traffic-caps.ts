import type { Database } from '../../db/database';
import type { TrafficBatch } from './traffic-batch';
import { storedKeysForDay } from './traffic-read.repository';

/**
 * Distinct paths and referrers a day may hold. Past the cap, new ones count under OTHER_KEY, so junk paths or
 * referrers cannot grow the tables without limit. Per process: with N processes a day holds at most N × the cap.
 */
export const MAX_PATHS_PER_DAY = 2000;
export const MAX_REFERRERS_PER_DAY = 500;
export const OTHER_KEY = '(other)';
const DAYS_KEPT = 3;

interface Known {
  paths: Set<string>;
  referrers: Set<string>;
}

/** The keys each recent day already holds; loaded from the database the first time a day is flushed. */
export class DailyKeys {
  private readonly days = new Map<string, Known>();
  private added: Array<[Set<string>, string]> = [];

  constructor(private readonly db: Database) {}

  async get(day: string): Promise<Known> {
    let known = this.days.get(day);
    if (!known) {
      const stored = await storedKeysForDay(this.db, day);
      known = { paths: new Set(stored.paths), referrers: new Set(stored.referrers) };
      this.days.set(day, known);
      const oldest = [...this.days.keys()].sort().slice(0, Math.max(0, this.days.size - DAYS_KEPT));
      for (const d of oldest) this.days.delete(d);
    }
    return known;
  }

  /** Admit a key under the cap; false when it must be counted as OTHER_KEY. */
  admit(set: Set<string>, key: string, cap: number) {
    if (key === OTHER_KEY || set.has(key)) return true;
    if (set.size >= cap) return false;
    set.add(key);
    this.added.push([set, key]);
    return true;
  }

  commit() {
    this.added = [];
  }

  /** The write failed: forget keys admitted for it (the batch is retried and admits them again). */
  rollback() {
    for (const [set, key] of this.added) set.delete(key);
    this.added = [];
  }
}

/** Fold paths and referrers past the daily caps into OTHER_KEY, in place. */
export async function applyDailyCaps(keys: DailyKeys, batch: TrafficBatch) {
  for (const [entry, path] of [...batch.paths]) {
    const [day, pathKey] = [entry.slice(0, 10), entry.slice(11)];
    if (keys.admit((await keys.get(day)).paths, pathKey, MAX_PATHS_PER_DAY)) continue;
    batch.paths.delete(entry);
    const other = batch.paths.get(`${day}|${OTHER_KEY}`);
    if (other) other.views += path.views;
    else batch.paths.set(`${day}|${OTHER_KEY}`, { rawPath: OTHER_KEY, views: path.views });
  }
  for (const [entry, views] of [...batch.dimensions]) {
    const [day, kind, value] = [
      entry.slice(0, 10),
      entry.slice(11, entry.indexOf('|', 11)),
      entry.slice(entry.indexOf('|', 11) + 1),
    ];
    if (kind !== 'referrer' || keys.admit((await keys.get(day)).referrers, value, MAX_REFERRERS_PER_DAY)) continue;
    batch.dimensions.delete(entry);
    const otherKey = `${day}|referrer|${OTHER_KEY}`;
    batch.dimensions.set(otherKey, (batch.dimensions.get(otherKey) ?? 0) + views);
  }
}
