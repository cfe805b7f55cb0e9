import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

/** Limits of the account flows (decision record 012). Not in the spec, so chosen here and documented. */

export const AUTH_POLICY = {
  /** Failed sign-ins per address before it is locked, and the window they are counted in (the lock lasts as long). */
  accountFailures: 5,
  /** Failed sign-ins from one IP (any address) before that IP is locked. */
  ipFailures: 20,
  failureWindowMs: 15 * MINUTE_MS,
  verifyLinkTtlMs: DAY_MS,
  resetLinkTtlMs: 1 * HOUR_MS,
  /** How long the address an account left can give it back (decision 177). */
  undoLinkTtlMs: 7 * DAY_MS,
  /** Mails of one kind per address: one a minute, five an hour. */
  mailCooldownMs: MINUTE_MS,
  mailsPerHour: 5,
  /** Throttle rows older than this are never counted again and are purged. */
  throttleRetentionMs: DAY_MS,
} as const;

/** Per-IP request limits (in memory, per process) in front of the database counters. */
export const RATE_LIMITS = {
  signIn: { max: 30, timeWindow: '1 minute' },
  signUp: { max: 20, timeWindow: '10 minutes' },
  mail: { max: 20, timeWindow: '10 minutes' },
  verify: { max: 30, timeWindow: '10 minutes' },
  password: { max: 10, timeWindow: '10 minutes' },
  oneClickUnsubscribe: { max: 300, timeWindow: '1 minute' },
} as const;
