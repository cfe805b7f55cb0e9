import type { LimitStore, WindowCounter } from '../../lib/rate-limits';

/**
 * Per-user send limit: a steady rate plus a burst allowance, counted in the app's limit store so a user spread
 * over several server processes gets one allowance. A send takes from the steady window first; when that is
 * spent it takes from the burst, which refills once a minute.
 */
export class SendRateLimiter {
  private readonly steady: WindowCounter;
  private readonly burst: WindowCounter;

  constructor(limits: LimitStore, burst: number, perMinute: number) {
    // At least a second per window; one send per window at the default 30 a minute.
    const windowMs = Math.max(1000, Math.floor(60_000 / perMinute));
    const max = Math.max(1, Math.round((perMinute * windowMs) / 60_000));
    this.steady = limits.counter({ name: 'chat-send', max, windowMs });
    this.burst = limits.counter({ name: 'chat-send-burst', max: Math.max(0, burst - max), windowMs: 60_000 });
  }

  /** Take one send; false when the user is over the limit. */
  async take(userId: string): Promise<boolean> {
    if ((await this.steady.hit(userId)).allowed) return true;
    return (await this.burst.hit(userId)).allowed;
  }
}
