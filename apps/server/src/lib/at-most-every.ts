/**
 * `fn` at once on the first call, then at most once every `gapMs`: the calls made within a gap run it once, when the
 * gap ends. A burst of any size costs two runs, and a run always follows the last call.
 */
export function atMostEvery(gapMs: number, fn: () => void) {
  let gap: ReturnType<typeof setTimeout> | null = null;
  let again = false;
  const run = () => {
    fn();
    gap = setTimeout(() => {
      gap = null;
      if (!again) return;
      again = false;
      run();
    }, gapMs);
    gap.unref();
  };
  return {
    call() {
      if (gap) again = true;
      else run();
    },
    /** Forgets a run that waits for its gap to end. */
    cancel() {
      if (gap) clearTimeout(gap);
      gap = null;
      again = false;
    },
  };
}
