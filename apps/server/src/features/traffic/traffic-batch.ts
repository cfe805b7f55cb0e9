/**
 * Page views and session events accepted since the last flush, folded into increments in memory,
 * so a busy second costs one transaction instead of one write per request.
 */

export type DimensionKind = 'device' | 'browser' | 'referrer';

export interface PageView {
  day: string;
  hour: number;
  pathKey: string;
  rawPath: string;
  device: string;
  browser: string;
  referrer: string;
  visitorId: string;
  /** Count the visitor for the day (false when this process already stored them). */
  newVisitor: boolean;
}

export interface SessionStartRow {
  id: string;
  visitorId: string;
  startTime: number;
  path: string;
  device: string;
  browser: string;
  referrer: string;
}

/** What happened to one session since the last flush; a page view after an end resumes the session. */
export interface SessionChange {
  visitorId: string;
  views: number;
  /** Latest page view time; 0 when only an end arrived. */
  lastActive: number;
  currentPath: string | null;
  end: { endTime: number; exitPath: string | null } | null;
}

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

export class TrafficBatch {
  readonly days = new Map<string, number>();
  /** `${day}|${hour}` → views */
  readonly hours = new Map<string, number>();
  /** `${day}|${pathKey}` → raw path and views */
  readonly paths = new Map<string, { rawPath: string; views: number }>();
  /** `${day}|${kind}|${value}` → views */
  readonly dimensions = new Map<string, number>();
  /** `${day}|${visitorId}` */
  readonly visitors = new Set<string>();
  readonly starts = new Map<string, SessionStartRow>();
  readonly sessions = new Map<string, SessionChange>();

  get isEmpty() {
    return this.days.size === 0 && this.starts.size === 0 && this.sessions.size === 0 && this.visitors.size === 0;
  }

  /** A rough count of pending rows, to bound memory while the database is unreachable. */
  get size() {
    return (
      this.days.size +
      this.hours.size +
      this.paths.size +
      this.dimensions.size +
      this.visitors.size +
      this.starts.size +
      this.sessions.size
    );
  }

  addView(v: PageView) {
    add(this.days, v.day, 1);
    add(this.hours, `${v.day}|${v.hour}`, 1);
    const pathKey = `${v.day}|${v.pathKey}`;
    const path = this.paths.get(pathKey);
    if (path) path.views += 1;
    else this.paths.set(pathKey, { rawPath: v.rawPath, views: 1 });
    add(this.dimensions, `${v.day}|device|${v.device}`, 1);
    add(this.dimensions, `${v.day}|browser|${v.browser}`, 1);
    add(this.dimensions, `${v.day}|referrer|${v.referrer}`, 1);
    if (v.newVisitor) this.visitors.add(`${v.day}|${v.visitorId}`);
  }

  startSession(row: SessionStartRow) {
    this.starts.set(row.id, row);
  }

  /** Apply a navigation to the session; false when the session id belongs to another visitor in this batch. */
  touchSession(id: string, visitorId: string, at: number, path: string) {
    const change = this.changeFor(id, visitorId);
    if (!change) return false;
    change.views += 1;
    change.lastActive = Math.max(change.lastActive, at);
    change.currentPath = path;
    change.end = null;
    return true;
  }

  endSession(id: string, visitorId: string, at: number, exitPath: string | null) {
    const change = this.changeFor(id, visitorId);
    if (!change) return false;
    change.end = { endTime: at, exitPath: exitPath ?? change.currentPath };
    return true;
  }

  private changeFor(id: string, visitorId: string) {
    let change = this.sessions.get(id);
    if (!change) {
      change = { visitorId, views: 0, lastActive: 0, currentPath: null, end: null };
      this.sessions.set(id, change);
    }
    if (change.visitorId !== visitorId) return null;
    return change;
  }

  /** Each row of the batch as a batch of its own: written apart when the whole cannot be (decision 241). */
  *apart(): Generator<TrafficBatch> {
    const one = (fill: (b: TrafficBatch) => void) => {
      const b = new TrafficBatch();
      fill(b);
      return b;
    };
    for (const [k, n] of this.days) yield one((b) => b.days.set(k, n));
    for (const [k, n] of this.hours) yield one((b) => b.hours.set(k, n));
    for (const [k, p] of this.paths) yield one((b) => b.paths.set(k, { ...p }));
    for (const [k, n] of this.dimensions) yield one((b) => b.dimensions.set(k, n));
    for (const k of this.visitors) yield one((b) => b.visitors.add(k));
    for (const [k, s] of this.starts) yield one((b) => b.starts.set(k, s));
    for (const [k, c] of this.sessions) yield one((b) => b.sessions.set(k, c));
  }

  /** Fold an older batch (one whose write failed) into this newer one, keeping event order for sessions. */
  absorbOlder(older: TrafficBatch) {
    for (const [k, n] of older.days) add(this.days, k, n);
    for (const [k, n] of older.hours) add(this.hours, k, n);
    for (const [k, p] of older.paths) {
      const mine = this.paths.get(k);
      if (mine) this.paths.set(k, { rawPath: p.rawPath, views: mine.views + p.views });
      else this.paths.set(k, { ...p });
    }
    for (const [k, n] of older.dimensions) add(this.dimensions, k, n);
    for (const k of older.visitors) this.visitors.add(k);
    for (const [k, s] of older.starts) this.starts.set(k, s);
    for (const [id, old] of older.sessions) {
      const mine = this.sessions.get(id);
      if (!mine) {
        this.sessions.set(id, old);
        continue;
      }
      if (mine.visitorId !== old.visitorId) continue;
      this.sessions.set(id, {
        visitorId: old.visitorId,
        views: old.views + mine.views,
        lastActive: Math.max(old.lastActive, mine.lastActive),
        currentPath: mine.currentPath ?? old.currentPath,
        // A newer page view resumed the session, unless a newer end followed it.
        end: mine.end ?? (mine.views > 0 ? null : old.end),
      });
    }
  }
}
