import { afterEach, describe, expect, it, vi } from 'vitest';
import { notePageView, PAGE_VIEW_WAIT_MS, pageViewLanded } from './page-views';

/** Whether the promise has settled after the pending microtasks ran. */
async function settled(p: Promise<unknown>) {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('pageViewLanded', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the page view last sent, answered or failed', async () => {
    vi.useFakeTimers();
    let answer!: () => void;
    notePageView(new Promise<void>((resolve) => (answer = resolve)));
    const landed = pageViewLanded();
    expect(await settled(landed)).toBe(false);
    answer();
    expect(await settled(landed)).toBe(true);

    let fail!: (err: Error) => void;
    notePageView(new Promise<void>((_resolve, reject) => (fail = reject)));
    const afterFailure = pageViewLanded();
    fail(new Error('blocked'));
    expect(await settled(afterFailure)).toBe(true);
  });

  it('stops waiting for a stalled page view after PAGE_VIEW_WAIT_MS', async () => {
    vi.useFakeTimers();
    notePageView(new Promise(() => undefined));
    const landed = pageViewLanded();
    await vi.advanceTimersByTimeAsync(PAGE_VIEW_WAIT_MS - 1);
    expect(await settled(landed)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(landed)).toBe(true);
  });
});
