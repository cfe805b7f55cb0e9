import type { ClientAddressKey } from '../../lib/client-address';
import {
  perAddressCounter,
  perAddressDistinct,
  type DistinctLimit,
  type LimitStore,
  type WindowCounter,
} from '../../lib/rate-limits';

/** Tracking events a visitor may send per minute: far above anyone clicking through pages, far below a script. */
export const VISITOR_EVENTS_PER_MINUTE = 60;
/**
 * Per network address (an IPv6 /64 counts as one), so rotating visitor ids does not lift the limit; generous for
 * offices behind one NAT.
 */
export const IP_EVENTS_PER_MINUTE = 1200;
/** New visitor ids one address may introduce per minute: rotating ids must not inflate the visitor counts. */
export const IP_NEW_VISITORS_PER_MINUTE = 30;

const WINDOW_MS = 60_000;
/**
 * Hits claimed from a shared store at a time (decision 091): a returning visitor's page view then rarely writes to
 * it. Never more than a limit in all processes; with P processes a key may be refused (P - 1)·(lease - 1) early.
 */
export const TRAFFIC_LEASES = { visitor: 5, ip: 20 } as const;

/**
 * The limits for one tracking event, counted in the app's limit store (shared between processes when it can be).
 * Loopback is not exempt: a same-host proxy must be configured with TRUST_PROXY so the real address is counted.
 */
export class TrafficLimits {
  private readonly visitors: WindowCounter;
  private readonly ips: WindowCounter;
  /** The visitor ids each address introduced this window: one answer per id in every process (decision 245). */
  private readonly newVisitors: DistinctLimit;

  constructor(limits: LimitStore, ipEventsPerMinute = IP_EVENTS_PER_MINUTE) {
    const perMinute = (name: string, max: number) => ({ name, max, windowMs: WINDOW_MS });
    this.visitors = limits.leasedCounter(
      perMinute('traffic-visitor', VISITOR_EVENTS_PER_MINUTE),
      TRAFFIC_LEASES.visitor,
    );
    // An IPv6 address's /64 also counts under its /48 (decision 221).
    this.ips = perAddressCounter(perMinute('traffic-ip', ipEventsPerMinute), (limit) =>
      limits.leasedCounter(limit, TRAFFIC_LEASES.ip),
    );
    const newVisitors = Math.max(IP_NEW_VISITORS_PER_MINUTE, ipEventsPerMinute / 40);
    this.newVisitors = perAddressDistinct(perMinute('traffic-ip-visitor-ids', newVisitors), (limit) =>
      limits.distinct(limit),
    );
  }

  /**
   * The address first: an event it refuses leaves its visitor id uncounted, so one address adds at most its own
   * allowance of made-up ids to a window, not one per request (decision 221). An id the address's set of new
   * visitors refused stays refused until the window turns, in every process: otherwise its next event, seeing the
   * id counted, would pass as a returning visitor's and add it anyway (decisions 126, 245).
   */
  async allow(client: ClientAddressKey, visitorId: string): Promise<boolean> {
    if (!(await this.ips.hit(client)).allowed) return false;
    if (!(await this.visitors.hit(visitorId)).allowed) return false;
    return this.newVisitors.admit(client, visitorId);
  }
}
