/** Shown again, a tab asks only when its socket was silent this long: switching tabs back and forth costs nothing. */
const QUIET_MS = 30_000;
/** The clock is read this often; a tick this late means the machine slept (a hidden tab's may wait a minute). */
const CLOCK_TICK_MS = 15_000;
const CLOCK_JUMP_MS = 90_000;

/**
 * When a socket may have died without a close event (after a sleep or a change of network): the page shown again after
 * a quiet spell, the browser back online, the clock jumping past a tick. Each calls `check`.
 */
export class LivenessWatch {
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  private lastTick = 0;

  constructor(
    private readonly check: () => void,
    private readonly lastHeard: () => number,
  ) {}

  private readonly onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - this.lastHeard() >= QUIET_MS) this.check();
  };

  private readonly onOnline = () => this.check();

  private readonly onClockTick = () => {
    const now = Date.now();
    if (now - this.lastTick > CLOCK_JUMP_MS) this.check();
    this.lastTick = now;
  };

  start() {
    if (this.clockTimer !== null) return;
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('online', this.onOnline);
    this.lastTick = Date.now();
    this.clockTimer = setInterval(this.onClockTick, CLOCK_TICK_MS);
  }

  stop() {
    if (this.clockTimer === null) return;
    document.removeEventListener('visibilitychange', this.onVisible);
    window.removeEventListener('online', this.onOnline);
    clearInterval(this.clockTimer);
    this.clockTimer = null;
  }
}
