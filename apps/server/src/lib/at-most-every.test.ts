import { afterEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from './at-most-every';

afterEach(() => vi.useRealTimers());

describe('atMostEvery', () => {
  it('runs the first call at once and a burst after it once, when the gap ends', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const limited = atMostEvery(1000, fn);
    limited.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) limited.call();
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // The run at the gap's end opened a gap of its own: a call now waits for it.
    limited.call();
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(3);
    // A quiet gap ends without a run; the next call runs at once.
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(3);
    limited.call();
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('forgets a waiting run when canceled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const limited = atMostEvery(1000, fn);
    limited.call();
    limited.call();
    limited.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
    limited.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
