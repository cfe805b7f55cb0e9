import type { Clock } from '../../lib/clock';

/**
 * Per-user token bucket for sending messages: a burst, then a steady rate. Kept in memory per process;
 * with several processes a user spread over them gets each process's allowance, which still bounds abuse.
 */
export class SendRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly burst: number,
    perMinute: number,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Take one token; false when the user is over the limit. */
  take(userId: string): boolean {
    const now = this.clock.now();
    const b = this.buckets.get(userId) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    if (this.buckets.size > 50_000) this.prune(now);
    this.buckets.set(userId, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Forget buckets that have refilled completely: they behave exactly like new ones. */
  private prune(now: number) {
    for (const [id, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.burst) this.buckets.delete(id);
    }
  }
}
