import type { AppDeps } from '../../app';
import { addViewCounts } from './listings.repository';

/** A viewer counts once per listing in this window, so reloading a page does not inflate its views. */
export const VIEW_DEDUPE_MS = 30 * 60 * 1000;
const MAX_REMEMBERED = 50_000;

/**
 * Detail-page views, counted in memory and written as one increment per listing about once a second
 * (`LISTING_VIEW_FLUSH_MS`) and on shutdown, so a popular listing never turns every view into a write on its row (decision 044).
 */
export class ListingViewCounter {
  private pending = new Map<string, number>();
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** The views a flush is writing: still counted until they commit, as a page cached before then lacks them. */
  private inFlight = new Map<string, number>();

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>) {}

  record(listingId: string, viewerId: string) {
    const key = `${viewerId}:${listingId}`;
    const now = this.deps.clock.now();
    const last = this.seen.get(key);
    if (last !== undefined && now - last < VIEW_DEDUPE_MS) return;
    this.seen.delete(key);
    this.seen.set(key, now);
    // Maps keep insertion order: drop the oldest viewers first.
    if (this.seen.size > MAX_REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
    this.pending.set(listingId, (this.pending.get(listingId) ?? 0) + 1);
    const flushMs = this.deps.config.listingViewFlushMs;
    if (flushMs === 0) return;
    this.timer ??= setTimeout(
      () =>
        void this.flush().catch((err) => this.deps.log.error({ err }, 'listing view flush failed; kept for the next')),
      flushMs,
    );
  }

  /** Views not yet written for the listing (the detail page adds them so a viewer sees their own view). */
  pendingFor(listingId: string) {
    return (this.pending.get(listingId) ?? 0) + (this.inFlight.get(listingId) ?? 0);
  }

  /**
   * Writes what is pending. Writes go one after another, so a flush returns only once every view recorded before it
   * is written, those a flush already writing took (the timer's) included: shutdown and readers rely on it.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.writing.catch(() => undefined).then(() => this.writePending());
    this.writing = next;
    return next;
  }

  private async writePending() {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    this.inFlight = batch;
    try {
      await addViewCounts(this.deps.db.db, batch);
    } catch (err) {
      // One listing whose row is refused fails the batch: each on its own then, and only those that fail wait for the
      // next flush (decision 241).
      for (const [id, n] of batch)
        await addViewCounts(this.deps.db.db, new Map([[id, n]])).catch(() =>
          this.pending.set(id, (this.pending.get(id) ?? 0) + n),
        );
      throw err;
    } finally {
      this.inFlight = new Map();
    }
  }
}

const counters = new WeakMap<object, ListingViewCounter>();

/** One counter per app (keyed by its deps), flushed when the app closes. */
export function viewCounterFor(deps: AppDeps): ListingViewCounter {
  let c = counters.get(deps);
  if (!c) {
    c = new ListingViewCounter(deps);
    counters.set(deps, c);
    const counter = c;
    deps.onClose.push(() => counter.flush());
  }
  return c;
}
