import { z } from 'zod';
import { MAX_CUSTOM_RANGE_DAYS, TRAFFIC_PERIODS, daysBetween, isDayKey } from './traffic-period';

/** Visitor tracking (spec sections 3, 4, 7): the events the browser sends and the statistics admins read. */

// Paths, storage keys and limits live in traffic-constants.ts (zod-free, for the tracker on every page).
export * from './traffic-constants';
import { MAX_REFERRER_LENGTH, MAX_TRACKED_PATH_LENGTH } from './traffic-constants';

/** A tracked body is a few hundred bytes; anything near this is junk. */
export const TRAFFIC_BODY_LIMIT = 4096;

export const TRAFFIC_MESSAGES = {
  unknownEvent: 'Unknown event type',
  visitorId: 'Visitor id must be 8 to 64 letters, digits, - or _',
  sessionId: 'Session id must be 8 to 64 letters, digits, - or _',
  path: `Path must start with / and be at most ${MAX_TRACKED_PATH_LENGTH} printable characters without spaces`,
  referrer: `Referrer must be at most ${MAX_REFERRER_LENGTH} characters`,
  date: 'Use a date as YYYY-MM-DD',
  customRange: 'A custom period needs a from and a to date',
  rangeOrder: 'The start date must not be after the end date',
  rangeLength: `Choose a range of at most ${MAX_CUSTOM_RANGE_DAYS} days`,
} as const;

const idSchema = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{8,64}$/, message);
export const visitorIdSchema = idSchema(TRAFFIC_MESSAGES.visitorId);
export const trafficSessionIdSchema = idSchema(TRAFFIC_MESSAGES.sessionId);
// location.pathname is percent-encoded, so a real path is printable ASCII.
export const trackedPathSchema = z
  .string({ error: TRAFFIC_MESSAGES.path })
  .max(MAX_TRACKED_PATH_LENGTH, TRAFFIC_MESSAGES.path)
  .regex(/^\/[\x21-\x7e]*$/, TRAFFIC_MESSAGES.path);
const referrerSchema = z
  .string({ error: TRAFFIC_MESSAGES.referrer })
  .max(MAX_REFERRER_LENGTH, TRAFFIC_MESSAGES.referrer);

export const pageViewEventSchema = z.strictObject({
  type: z.literal('page_view'),
  visitorId: visitorIdSchema,
  sessionId: trafficSessionIdSchema.nullish(),
  path: trackedPathSchema,
  referrer: referrerSchema.optional(),
});
export const sessionStartEventSchema = z.strictObject({
  type: z.literal('session_start'),
  visitorId: visitorIdSchema,
  path: trackedPathSchema,
  referrer: referrerSchema.optional(),
});
export const sessionEndEventSchema = z.strictObject({
  type: z.literal('session_end'),
  visitorId: visitorIdSchema,
  sessionId: trafficSessionIdSchema,
  /** The exit path; the session's current path when left out. */
  path: trackedPathSchema.optional(),
});

export const trafficEventSchema = z.discriminatedUnion(
  'type',
  [pageViewEventSchema, sessionStartEventSchema, sessionEndEventSchema],
  {
    error: (issue) => (issue.code === 'invalid_union' ? TRAFFIC_MESSAGES.unknownEvent : undefined),
  },
);
export type TrafficEvent = z.infer<typeof trafficEventSchema>;
export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
export type SessionStartEvent = z.infer<typeof sessionStartEventSchema>;
export type SessionEndEvent = z.infer<typeof sessionEndEventSchema>;

/** session_start answers with the new id, or null when the visitor is not counted (an obvious bot). */
export const sessionStartedSchema = z.object({ sessionId: z.string().nullable() });
export type SessionStarted = z.infer<typeof sessionStartedSchema>;

const dayParam = z.string({ error: TRAFFIC_MESSAGES.date }).refine(isDayKey, TRAFFIC_MESSAGES.date);

export const trafficStatsQuerySchema = z
  .object({
    period: z.enum(TRAFFIC_PERIODS, { error: `Period must be one of: ${TRAFFIC_PERIODS.join(', ')}` }).default('week'),
    from: dayParam.optional(),
    to: dayParam.optional(),
    /** The day of the hourly breakdown; the last day of the range when left out. */
    hourlyDate: dayParam.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: TRAFFIC_MESSAGES.customRange });
      return;
    }
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['from'], message: TRAFFIC_MESSAGES.rangeOrder });
    else if (span + 1 > MAX_CUSTOM_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: TRAFFIC_MESSAGES.rangeLength });
  });
export type TrafficStatsQuery = z.input<typeof trafficStatsQuerySchema>;

const count = z.number().int().nonnegative();
const named = z.object({ name: z.string(), views: count });

/** GET /api/admin/traffic/stats: one period's figures; lists are sorted by views, most first. */
export const trafficStatsSchema = z.object({
  period: z.enum(TRAFFIC_PERIODS),
  from: z.string(),
  to: z.string(),
  totalPageViews: count,
  /** Visitors deduplicated across the days of the range. */
  uniqueVisitorCount: count,
  sessionCount: count,
  /** Mean duration in whole minutes of the sessions that ended; null when none did. */
  averageSessionMinutes: z.number().nullable(),
  /** Distinct pages in the range; `pages` holds the top ones. */
  pageCount: count,
  pages: z.array(z.object({ key: z.string(), path: z.string(), views: count })),
  devices: z.array(named),
  browsers: z.array(named),
  referrers: z.array(named),
  /** Every day of the range, zero-filled. */
  daily: z.array(z.object({ date: z.string(), pageViews: count, uniqueVisitors: count })),
  /** 24 counters (UTC hours) for one day. */
  hourly: z.object({ date: z.string(), views: z.array(count) }),
});
export type TrafficStats = z.infer<typeof trafficStatsSchema>;

/** GET /api/admin/traffic/active-users: sessions active with lastActive in the last 5 minutes. */
export const activeUsersSchema = z.object({ count: count });
export type ActiveUsers = z.infer<typeof activeUsersSchema>;
