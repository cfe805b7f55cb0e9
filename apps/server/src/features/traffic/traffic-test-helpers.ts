import { randomBytes } from 'node:crypto';
import {
  TRAFFIC_ACTIVE_USERS_PATH,
  TRAFFIC_EVENTS_PATH,
  TRAFFIC_STATS_PATH,
  type TrafficStats,
} from '@accountry/shared/traffic';
import type { TestContext } from '../../test/test-app';
import { trafficRecorderOf } from './traffic.routes';

export const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
export const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export const newVisitorId = () => `v-${randomBytes(9).toString('base64url')}`;

type Extra = { userAgent?: string; headers?: Record<string, string>; remoteAddress?: string; contentType?: string };

/** POST one tracking event the way the browser does (JSON by default; sendBeacon sends text/plain). */
/** Each visitor on its own device: an address derived from the visitor id (no address is exempt from the limits). */
function addressOf(event: Record<string, unknown> | string) {
  const id = typeof event === 'string' ? event : String(event.visitorId ?? '');
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `10.${(h >> 16) & 255}.${(h >> 8) & 255}.${h & 255}`;
}

export function sendEvent(ctx: TestContext, event: Record<string, unknown> | string, extra: Extra = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: TRAFFIC_EVENTS_PATH,
    payload: typeof event === 'string' ? event : JSON.stringify(event),
    remoteAddress: extra.remoteAddress ?? addressOf(event),
    headers: {
      'content-type': extra.contentType ?? 'application/json',
      // An empty string stands for a missing header (light-my-request would send its own name).
      'user-agent': extra.userAgent ?? CHROME_DESKTOP,
      ...extra.headers,
    },
  });
}

export async function pageView(
  ctx: TestContext,
  visitorId: string,
  path: string,
  more: Record<string, unknown> = {},
  extra: Extra = {},
) {
  const res = await sendEvent(ctx, { type: 'page_view', visitorId, path, ...more }, extra);
  if (res.statusCode !== 204) throw new Error(`page view answered ${res.statusCode}: ${res.body}`);
}

export async function startSession(
  ctx: TestContext,
  visitorId: string,
  path: string,
  more: Record<string, unknown> = {},
  extra: Extra = {},
) {
  const res = await sendEvent(ctx, { type: 'session_start', visitorId, path, ...more }, extra);
  if (res.statusCode !== 201) throw new Error(`session start answered ${res.statusCode}: ${res.body}`);
  return res.json().sessionId as string;
}

export const flushTraffic = (ctx: TestContext) => trafficRecorderOf(ctx.deps).flush();

export async function readStats(ctx: TestContext, headers: Record<string, string>, query: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: TRAFFIC_STATS_PATH, query, headers });
  if (res.statusCode !== 200) throw new Error(`stats answered ${res.statusCode}: ${res.body}`);
  return res.json() as TrafficStats;
}

export async function readActiveCount(ctx: TestContext, headers: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: TRAFFIC_ACTIVE_USERS_PATH, headers });
  if (res.statusCode !== 200) throw new Error(`active users answered ${res.statusCode}: ${res.body}`);
  return res.json().count as number;
}

export const at = (iso: string) => Date.parse(iso);
