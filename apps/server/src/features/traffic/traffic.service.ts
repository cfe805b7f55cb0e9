import type { FastifyBaseLogger } from 'fastify';
import {
  detectBrowser,
  detectDevice,
  isBotUserAgent,
  referrerHost,
  sanitizeTrafficPath,
} from '@accountry/shared/traffic-detect';
import { dayKey, dayStart } from '@accountry/shared/traffic-period';
import type { PageViewEvent, SessionEndEvent, SessionStartEvent } from '@accountry/shared/traffic';
import type { DatabaseHandle } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { TrafficBatch } from './traffic-batch';
import { writeTrafficBatch } from './traffic-write.repository';
import { applyDailyCaps, DailyKeys } from './traffic-caps';
import { HOUR_MS } from '@accountry/shared/durations';

export const FLUSH_INTERVAL_MS = 1000;
/** Pending rows kept while the database refuses writes; past this the oldest batch is dropped (and logged). */
export const MAX_PENDING_ROWS = 500_000;
const MAX_CACHED_AGENTS = 1000;
/** Rows written apart that may fail one after another before the rest is kept untried. */
const APART_FAILURES = 10;
const MAX_REMEMBERED_VISITORS = 200_000;

export interface Visit {
  userAgent: string | undefined;
}

interface Agent {
  bot: boolean;
  device: string;
  browser: string;
}

/**
 * Accepts tracking events into an in-memory batch and writes the batch in one transaction about once a second
 * and on shutdown. Nothing here reads the database on the request path.
 */
export class TrafficRecorder {
  private batch = new TrafficBatch();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly agents = new Map<string, Agent>();
  /** `${day}|${visitorId}` already written by this process: skip re-inserting them. */
  private readonly storedVisitors = new Set<string>();
  private storedDay = '';
  private readonly dailyKeys: DailyKeys;
  private today = { key: '', start: 0, end: 0 };

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {
    this.dailyKeys = new DailyKeys(database.db);
  }

  start(intervalMs = FLUSH_INTERVAL_MS) {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stop the timer and write everything accepted so far. */
  async stop() {
    this.stopTimer();
    await this.flush();
  }

  /** Classify a user agent once; obvious bots are not counted (see isBotUserAgent). */
  agent(userAgent: string | undefined): Agent {
    const ua = userAgent ?? '';
    let agent = this.agents.get(ua);
    if (!agent) {
      if (this.agents.size >= MAX_CACHED_AGENTS) this.agents.clear();
      agent = { bot: isBotUserAgent(ua), device: detectDevice(ua), browser: detectBrowser(ua) };
      this.agents.set(ua, agent);
    }
    return agent;
  }

  /** Count a page view and, when the tab has a session, move it on. False when not counted (a bot). */
  pageView(event: PageViewEvent, visit: Visit): boolean {
    const agent = this.agent(visit.userAgent);
    if (agent.bot) return false;
    const now = this.clock.now();
    const { key: day, start } = this.dayOf(now);
    const seen = `${day}|${event.visitorId}`;
    this.batch.addView({
      day,
      hour: Math.floor((now - start) / HOUR_MS),
      pathKey: sanitizeTrafficPath(event.path),
      rawPath: event.path,
      device: agent.device,
      browser: agent.browser,
      referrer: referrerHost(event.referrer),
      visitorId: event.visitorId,
      newVisitor: !this.storedVisitors.has(seen),
    });
    if (event.sessionId) this.batch.touchSession(event.sessionId, event.visitorId, now, event.path);
    return true;
  }

  /** The UTC day of a time, remembered while it lasts (formatting a date per request is not free). */
  private dayOf(now: number) {
    if (now < this.today.start || now >= this.today.end) {
      const key = dayKey(now);
      const start = dayStart(key);
      this.today = { key, start, end: start + 24 * HOUR_MS };
    }
    return this.today;
  }

  /** A new tracking session for the tab; null when not counted (a bot). */
  startSession(event: SessionStartEvent, visit: Visit): string | null {
    const agent = this.agent(visit.userAgent);
    if (agent.bot) return null;
    const id = newId();
    this.batch.startSession({
      id,
      visitorId: event.visitorId,
      startTime: this.clock.now(),
      path: event.path,
      device: agent.device,
      browser: agent.browser,
      referrer: referrerHost(event.referrer),
    });
    return id;
  }

  endSession(event: SessionEndEvent): boolean {
    return this.batch.endSession(event.sessionId, event.visitorId, this.clock.now(), event.path ?? null);
  }

  /** Write what is pending in one transaction; concurrent callers share the running flush, then flush again. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.batch.isEmpty) return;
    const batch = this.batch;
    this.batch = new TrafficBatch();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: TrafficBatch) {
    try {
      await applyDailyCaps(this.dailyKeys, batch);
      await this.writeWhole(batch);
      this.rememberVisitors(batch);
      this.dailyKeys.commit();
    } catch (err) {
      this.dailyKeys.rollback();
      this.log.error({ err }, 'traffic flush failed; keeping the batch for the next attempt');
      if (batch.size + this.batch.size > MAX_PENDING_ROWS) {
        this.log.error({ rows: batch.size }, 'traffic flush backlog too large; dropping the oldest batch');
        return;
      }
      this.batch.absorbOlder(batch);
    }
  }

  /**
   * The batch in one transaction; when that fails, each row apart, so one the database refuses keeps only itself for
   * the next flush, not every view counted with it (decision 241).
   */
  private async writeWhole(batch: TrafficBatch) {
    const now = this.clock.now();
    try {
      await writeTrafficBatch(this.database, batch, now);
      return;
    } catch (err) {
      this.log.warn({ err }, 'traffic flush failed as a whole; writing its rows one by one');
    }
    const left = new TrafficBatch();
    let failedInARow = 0;
    for (const row of batch.apart()) {
      // The database down rather than one row refused: keep the rest without trying each.
      if (failedInARow >= APART_FAILURES) {
        left.absorbOlder(row);
        continue;
      }
      try {
        await writeTrafficBatch(this.database, row, now);
        failedInARow = 0;
      } catch {
        left.absorbOlder(row);
        failedInARow++;
      }
    }
    if (left.isEmpty) return;
    this.log.error({ rows: left.size }, 'traffic rows not written; kept for the next flush');
    this.batch.absorbOlder(left);
  }

  private rememberVisitors(batch: TrafficBatch) {
    const today = dayKey(this.clock.now());
    if (this.storedDay !== today || this.storedVisitors.size + batch.visitors.size > MAX_REMEMBERED_VISITORS) {
      this.storedVisitors.clear();
      this.storedDay = today;
    }
    for (const key of batch.visitors) if (key.startsWith(today)) this.storedVisitors.add(key);
  }
}
