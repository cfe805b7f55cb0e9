/** Lengths of time in milliseconds, the unit of every timestamp and window here (decision 001). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
