/** A token bucket per socket: `burst` messages at once, refilled at `perSecond`; time comes from the app's clock. */
export class MessageBudget {
  private tokens: number;
  private at: number;
  /** Frames refused since the last one that was taken. */
  refusedInARow = 0;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Spend one message; false when the budget is used up. */
  take(now: number) {
    if (now > this.at) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
      this.at = now;
    }
    if (this.tokens < 1) {
      this.refusedInARow++;
      return false;
    }
    this.tokens -= 1;
    this.refusedInARow = 0;
    return true;
  }
}
