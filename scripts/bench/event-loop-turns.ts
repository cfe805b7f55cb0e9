import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the event loop was held at most while `work` ran (every socket of the process waits that long), and how
 * long the work took.
 */
export async function longestTurn(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await sleep(5);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // Work done in one turn is seen when the histogram's timer fires after it: give it a turn before reading.
  await sleep(5);
  delay.disable();
  // Delay beyond the histogram's 1 ms sampling period, in nanoseconds.
  return { longestMs: delay.max / 1e6, ms };
}
