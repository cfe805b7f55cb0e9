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
  /**
   * The visitor counter's store counts under a lease of its whole allowance, so one write uses up a refused id's
   * window in every process; null in memory, where counters of one name do not share counts.
   */
  private readonly visitorWindows: WindowCounter | null;
  /** First events whose new-visitor charge is in flight, by visitor id: a concurrent event of the id waits for it. */
  private readonly deciding = new Map<string, Promise<boolean>>();

  constructor(limits: LimitStore, ipEventsPerMinute = IP_EVENTS_PER_MINUTE) {
    const perMinute = (name: string, max: number, lease: number) =>
      limits.leasedCounter({ name, max, windowMs: WINDOW_MS }, lease);
    // An IPv6 address's /64 also counts under its /48 (decision 221).
    const perAddress = (name: string, max: number, lease: number) =>
      perAddressCounter({ name, max, windowMs: WINDOW_MS }, (limit) => limits.leasedCounter(limit, lease));
    this.visitors = perMinute('traffic-visitor', VISITOR_EVENTS_PER_MINUTE, TRAFFIC_LEASES.visitor);
    this.visitorWindows =
      limits.kind === 'memory'
        ? null
        : perMinute('traffic-visitor', VISITOR_EVENTS_PER_MINUTE, VISITOR_EVENTS_PER_MINUTE);
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
    // A later event goes with its id's first event, whose refusal used up the id's window (below); one in flight in
    // this process is waited for, so the two cannot race past it.
    if (visitor.count > 1) return (await this.deciding.get(visitorId)) ?? true;
    const decision = this.admitNew(client, visitorId);
    this.deciding.set(visitorId, decision);
    try {
      return await decision;
    } finally {
      if (this.deciding.get(visitorId) === decision) this.deciding.delete(visitorId);
    }
  }

  /**
   * Charges a visitor id's first event in the window to its address's new-visitor allowance. A refused id stays
   * refused until the window turns (the allowance's window too): otherwise its next event, seeing the id counted,
   * would pass as a returning visitor's and add it anyway (decision 126, amended).
   */
  private async admitNew(client: ClientAddressKey, visitorId: string): Promise<boolean> {
    if ((await this.newVisitors.hit(client)).allowed) return true;
    // Shared stores: one write takes the rest of the id's allowance for every process.
    await this.visitorWindows?.hit(visitorId);
    // Spends this process's own lease of the id, or its count in memory; at once, so hits that miss a lease share
    // one claim (or, past the leases' key cap, one batch of statements) instead of one round trip each.
    await Promise.all(Array.from({ length: VISITOR_EVENTS_PER_MINUTE }, () => this.visitors.hit(visitorId)));
    return false;
  }
}
