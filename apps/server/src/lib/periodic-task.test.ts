import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from './periodic-task';

afterEach(() => vi.useRealTimers());

describe('startPeriodicTask', () => {
  it('never runs with an interval of 0', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const stop = startPeriodicTask(0, run, () => undefined, { atStart: true });
    await vi.advanceTimersByTimeAsync(10_000);
    await stop();
    expect(run).not.toHaveBeenCalled();
  });

  it('runs every interval, at start when asked, never two at once, and stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    let started = 0;
    let finished = 0;
    const run = () => {
      started++;
      return new Promise<void>((resolve) => {
        finish = () => {
          finished++;
          resolve();
        };
      });
    };
    const stop = startPeriodicTask(1000, run, () => undefined, { atStart: true });
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    const stopped = stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it('hands a failure to onError and runs again at the next interval', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const run = vi.fn(async () => {
      throw new Error('mail server down');
    });
    const stop = startPeriodicTask(1000, run, (err) => errors.push(err));
    await vi.advanceTimersByTimeAsync(2000);
    await stop();
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['mail server down', 'mail server down']);
  });
});
