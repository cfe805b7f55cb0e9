/**
 * Work a request starts for after its reply (decision 227): run on the next turn of the event loop, once the reply is
 * written, and tracked per app, so closing the app, and tests, can wait for what is still running.
 */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

export function afterReply(app: object, work: () => Promise<unknown>, onError: (err: unknown) => void) {
  const runs = inFlight.get(app) ?? new Set();
  inFlight.set(app, runs);
  const run = new Promise<void>((resolve) => setImmediate(() => void work().catch(onError).finally(resolve)));
  runs.add(run);
  void run.then(() => runs.delete(run));
}

/** Wait for the work started after replies in this app, and for what that work started in turn. */
export async function settleAfterReplies(app: object) {
  for (let runs = inFlight.get(app); runs?.size; runs = inFlight.get(app)) await Promise.all(runs);
}
