/** Lengths of time in milliseconds, the unit of every timestamp and window here (decision 001). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The latest time a JavaScript Date can hold (the earliest is its negative): a timestamp past it is no time at all. */
export const LATEST_TIME_MS = 8_640_000_000_000_000;

/** Whether a value is a timestamp: whole milliseconds a Date can hold (decision 001). */
export const isTimeMs = (value: unknown): value is number =>
  Number.isSafeInteger(value) && Math.abs(value as number) <= LATEST_TIME_MS;
