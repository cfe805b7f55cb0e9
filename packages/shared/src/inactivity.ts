/** Browser-side inactivity rules of spec section 9 (the server enforces the same timeouts on its own). */

/** The localStorage key every tab of the site shares, so activity in one tab keeps the others alive. */
export const LAST_ACTIVITY_KEY = 'accountry.lastActivity';

/** Events that count as activity. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'submit',
] as const;

/** A stored timestamp, or null when missing or garbage. */
export function parseActivity(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The latest of several activity times (this tab's and the shared one). */
export function latestActivity(...times: Array<number | null | undefined>): number | null {
  const known = times.filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return known.length ? Math.max(...known) : null;
}

/** Idle once the timeout has fully passed since the last activity. */
export function isIdle(lastActivity: number | null, now: number, timeoutMs: number): boolean {
  if (lastActivity === null) return false;
  return now - lastActivity >= timeoutMs;
}
