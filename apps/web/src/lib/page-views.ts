/**
 * The page view this tab last sent (the traffic tracker notes each one). A reload ends the tab's tracking session as
 * the old page goes (pagehide) and the new page's view resumes it, so a figure that counts this tab's own visit (the
 * admin's "Active users now") asks only once that view has landed; otherwise it misses the reload until its next poll.
 */
let latest: Promise<void> = Promise.resolve();

/** How long a figure waits for the view at most: a stalled tracker request never keeps the figure from loading. */
export const PAGE_VIEW_WAIT_MS = 5_000;

export function notePageView(sent: Promise<unknown>) {
  latest = sent.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles when the last page view sent has been answered (or failed), or after PAGE_VIEW_WAIT_MS. */
export function pageViewLanded(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_VIEW_WAIT_MS)));
  return Promise.race([latest, waited]).finally(() => clearTimeout(timer));
}
