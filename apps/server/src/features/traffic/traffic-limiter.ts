import type { ClientAddressKey } from '../../lib/client-address';
import { perAddressCounter, type LimitStore, type WindowCounter } from '../../lib/rate-limits';

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
export const TRAFFIC_LEASES = { visitor: 5, ip: 20, newVisitors: 3 } as const;

/**
 * The limits for one tracking event, counted in the app's limit store (shared between processes when it can be).
 * Loopback is not exempt: a same-host proxy must be configured with TRUST_PROXY so the real address is counted.
 */
export class TrafficLimits {
  private readonly visitors: WindowCounter;
  private readonly ips: WindowCounter;
  private readonly newVisitors: WindowCounter;

  constructor(limits: LimitStore, ipEventsPerMinute = IP_EVENTS_PER_MINUTE) {
    const perMinute = (name: string, max: number, lease: number) =>
      limits.leasedCounter({ name, max, windowMs: WINDOW_MS }, lease);
    // An IPv6 address's /64 also counts under its /48 (decision 221).
    const perAddress = (name: string, max: number, lease: number) =>
      perAddressCounter({ name, max, windowMs: WINDOW_MS }, (limit) => limits.leasedCounter(limit, lease));
    this.visitors = perMinute('traffic-visitor', VISITOR_EVENTS_PER_MINUTE, TRAFFIC_LEASES.visitor);
    this.ips = perAddress('traffic-ip', ipEventsPerMinute, TRAFFIC_LEASES.ip);
    this.newVisitors = perAddress(
      'traffic-ip-new-visitors',
      Math.max(IP_NEW_VISITORS_PER_MINUTE, ipEventsPerMinute / 40),
      TRAFFIC_LEASES.newVisitors,
    );
  }

  async allow(client: ClientAddressKey, visitorId: string): Promise<boolean> {
    // The address first: an event it refuses leaves its visitor id uncounted, so one address adds at most its own
    // allowance of made-up ids to a window, not one per request (decision 221).
    if (!(await this.ips.hit(client)).allowed) return false;
    const visitor = await this.visitors.hit(visitorId);
    if (!visitor.allowed) return false;
    // The first event of a visitor id in this window counts against the address's new-visitor allowance.
    return visitor.count > 1 || (await this.newVisitors.hit(client)).allowed;
  }
}
