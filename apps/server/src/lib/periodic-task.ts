/**
 * Run a background task every interval until stopped (the returned function waits for a run in progress). A run slower
 * than the interval is not joined by another; a failure goes to `onError` and the next run happens as planned. An
 * interval of 0 never runs it: tests run such tasks by hand. `atStart` also runs it at once (work that fell due while
 * no process ran).
 */
export function startPeriodicTask(
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
  { atStart = false } = {},
) {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= run()
      .catch(onError)
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (atStart) tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
