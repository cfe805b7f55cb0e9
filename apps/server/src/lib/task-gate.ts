/**
 * At most `limit` tasks run at once; the rest wait their turn in arrival order. For work that holds a lot of memory
 * or CPU per task off the event loop (decoding images), where a burst of requests must queue, not pile up.
 */
export class TaskGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks queued behind the running ones. */
  get queued() {
    return this.waiting.length;
  }
}
