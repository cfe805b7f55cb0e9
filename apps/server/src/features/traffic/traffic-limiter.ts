import type { Clock } from '../../lib/clock';

/** Tracking events a visitor may send per minute: far above anyone clicking through pages, far below a script. */
export const VISITOR_EVENTS_PER_MINUTE = 60;
/** Per network address, so rotating visitor ids does not lift the limit; generous for offices behind one NAT. */
export const IP_EVENTS_PER_MINUTE = 1200;
/** Keys tracked per window; past it new keys are refused until the window turns, so memory stays bounded. */
export const MAX_LIMITER_KEYS = 200_000;

const WINDOW_MS = 60_000;

/** A fixed one-minute window counter per key, in memory: the check costs a Map lookup on the hot path. */
export class FixedWindowLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
  ) {}

  /** Count a hit; false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.clock.now();
    if (now - this.windowStart >= WINDOW_MS || now < this.windowStart) {
      this.windowStart = now - (now % WINDOW_MS);
      this.counts = new Map();
    }
    const n = this.counts.get(key);
    if (n === undefined) {
      if (this.counts.size >= MAX_LIMITER_KEYS) return false;
      this.counts.set(key, 1);
      return true;
    }
    if (n >= this.max) return false;
    this.counts.set(key, n + 1);
    return true;
  }
}

// A loopback peer is this machine (a local load test, or a same-host proxy that hides client addresses).
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Both limits for one tracking event. */
export class TrafficLimits {
  private readonly visitors: FixedWindowLimiter;
  private readonly ips: FixedWindowLimiter;

  constructor(clock: Clock) {
    this.visitors = new FixedWindowLimiter(clock, VISITOR_EVENTS_PER_MINUTE);
    this.ips = new FixedWindowLimiter(clock, IP_EVENTS_PER_MINUTE);
  }

  allow(ip: string, visitorId: string): boolean {
    if (!this.visitors.hit(visitorId)) return false;
    return LOOPBACK.test(ip) || this.ips.hit(ip);
  }
}
