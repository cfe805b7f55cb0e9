// Traffic (spec section 3). Conventions in ../schema.ts.

/** Traffic (spec section 3): the daily record as counter tables keyed by UTC day (YYYY-MM-DD). */
export interface TrafficDaysTable {
  day: string;
  totalPageViews: number;
  createdAt: number;
  updatedAt: number;
}

export interface TrafficHoursTable {
  day: string;
  /** 0–23, UTC */
  hour: number;
  views: number;
}

export interface TrafficPathsTable {
  day: string;
  /** The sanitised path (/ . [ ] # $ * → _). */
  pathKey: string;
  /** The original path for the key. */
  rawPath: string;
  views: number;
}

export interface TrafficDimensionsTable {
  day: string;
  kind: 'device' | 'browser' | 'referrer';
  value: string;
  views: number;
}

export interface TrafficVisitorsTable {
  day: string;
  visitorId: string;
}

/** A tracking session (spec sections 3 and 4); `isActive` is the spec's `active`. */
export interface TrafficSessionsTable {
  id: string;
  visitorId: string;
  startTime: number;
  isActive: boolean;
  lastActive: number;
  pageViews: number;
  currentPath: string;
  entryPath: string;
  device: string;
  browser: string;
  referrer: string;
  country: string;
  city: string;
  endTime: number | null;
  /** Whole minutes. */
  duration: number | null;
  exitPath: string | null;
}
