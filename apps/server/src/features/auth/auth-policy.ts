/** Limits of the account flows (decision record 012). Not in the spec, so chosen here and documented. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const AUTH_POLICY = {
  /** Failed sign-ins per address before it is locked, and the window they are counted in (the lock lasts as long). */
  accountFailures: 5,
  /** Failed sign-ins from one IP (any address) before that IP is locked. */
  ipFailures: 20,
  failureWindowMs: 15 * MINUTE,
  verifyLinkTtlMs: 24 * HOUR,
  resetLinkTtlMs: 1 * HOUR,
  /** How long the address an account left can give it back (decision 177). */
  undoLinkTtlMs: 7 * 24 * HOUR,
  /** Mails of one kind per address: one a minute, five an hour. */
  mailCooldownMs: MINUTE,
  mailsPerHour: 5,
  /** Throttle rows older than this are never counted again and are purged. */
  throttleRetentionMs: 24 * HOUR,
} as const;

/** Per-IP request limits (in memory, per process) in front of the database counters. */
export const RATE_LIMITS = {
  signIn: { max: 30, timeWindow: '1 minute' },
  signUp: { max: 20, timeWindow: '10 minutes' },
  mail: { max: 20, timeWindow: '10 minutes' },
  verify: { max: 30, timeWindow: '10 minutes' },
  password: { max: 10, timeWindow: '10 minutes' },
} as const;
