import type { FastifyBaseLogger } from 'fastify';

/** Callbacks run in the order added; one that throws is logged and the others still run. */
export class Listeners<Args extends unknown[]> {
  private readonly fns: Array<(...args: Args) => void> = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    /** What the log says when one throws. */
    private readonly failure: string,
  ) {}

  add(fn: (...args: Args) => void) {
    this.fns.push(fn);
  }

  emit(...args: Args) {
    for (const fn of this.fns) {
      try {
        fn(...args);
      } catch (err) {
        this.log.error({ err }, this.failure);
      }
    }
  }
}
