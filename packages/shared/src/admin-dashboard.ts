import { z } from 'zod';
import { DAY_MS, LATEST_TIME_MS } from './durations';

/**
 * Start of the week (Monday 00:00) and month in UTC; the browser sends its local boundaries instead,
 * so "this week" means the admin's week.
 */
export function utcCalendarStarts(now: number) {
  const d = new Date(now);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (d.getUTCDay() + 6) % 7; // Monday = 0
  return { weekStart: midnight - weekday * DAY_MS, monthStart: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) };
}

/** The same boundaries in the local time zone of a browser (Date's local getters). */
export function localCalendarStarts(now: number) {
  const d = new Date(now);
  const weekday = (d.getDay() + 6) % 7;
  return {
    weekStart: new Date(d.getFullYear(), d.getMonth(), d.getDate() - weekday).getTime(),
    monthStart: new Date(d.getFullYear(), d.getMonth(), 1).getTime(),
  };
}

const boundary = z.coerce.number({ error: 'Must be a time in milliseconds' }).int().min(0).max(LATEST_TIME_MS);
export const dashboardQuerySchema = z.object({ weekStart: boundary.optional(), monthStart: boundary.optional() });

const byStatus = z.object({ open: z.number(), in_progress: z.number() });
export const dashboardSchema = z.object({
  usersByRole: z.object({ buyer: z.number(), seller: z.number(), both: z.number(), admin: z.number() }),
  totalUsers: z.number(),
  disabledUsers: z.number(),
  deletedUsers: z.number(),
  newSignupsThisWeek: z.number(),
  activeListings: z.number(),
  hiddenListings: z.number(),
  listingsSoldThisMonth: z.number(),
  openReports: z.object({
    listing: byStatus,
    conversation: byStatus,
    user: byStatus,
    feedback: byStatus,
    total: z.number(),
  }),
  weekStart: z.number(),
  monthStart: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
