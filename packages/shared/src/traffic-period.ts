/** Calendar days for traffic statistics: UTC days keyed YYYY-MM-DD (spec section 3). */
import { DAY_MS } from './durations';

export const TRAFFIC_PERIODS = ['day', 'week', 'month', 'year', 'custom'] as const;
export type TrafficPeriod = (typeof TRAFFIC_PERIODS)[number];

/** Spec section 7: day, week (7 days back), month (30 days back), year (365 days back); the range ends today. */
export const PERIOD_DAYS_BACK: Record<Exclude<TrafficPeriod, 'custom'>, number> = {
  day: 0,
  week: 7,
  month: 30,
  year: 365,
};

/** The longest custom range, so one query cannot scan the whole history. */
export const MAX_CUSTOM_RANGE_DAYS = 731;

/** The UTC day of an epoch-ms time, as YYYY-MM-DD. */
export function dayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC at the start of the day. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** A real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isDayKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = dayStart(value);
  return Number.isFinite(ms) && dayKey(ms) === value;
}

export function addDays(day: string, n: number): string {
  return dayKey(dayStart(day) + n * DAY_MS);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function listDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = dayStart(from), end = dayStart(to); ms <= end; ms += DAY_MS) days.push(dayKey(ms));
  return days;
}

/** The inclusive day range of a period, ending today (UTC); a custom period uses its own bounds. */
export function resolvePeriod(
  period: TrafficPeriod,
  now: number,
  custom?: { from?: string; to?: string },
): { from: string; to: string } {
  const today = dayKey(now);
  if (period === 'custom') {
    if (!custom?.from || !custom?.to) throw new Error('A custom period needs from and to');
    return { from: custom.from, to: custom.to };
  }
  return { from: addDays(today, -PERIOD_DAYS_BACK[period]), to: today };
}
