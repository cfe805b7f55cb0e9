import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { tooManyRequests } from '../lib/app-error';
import { clientAddressKey } from '../lib/client-address';
import { perAddressCounter, type LimitStore, type WindowCounter } from '../lib/rate-limits';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counters by name and limit, per limit store: routes of one group count in one (a memory store's too). */
const countersOf = new WeakMap<LimitStore, Map<string, WindowCounter>>();

/** @fastify/rate-limit counting in the app's limit store, so route limits hold across server processes. */
function storeFor(limits: LimitStore, name = 'http') {
  let counters = countersOf.get(limits);
  if (!counters) countersOf.set(limits, (counters = new Map()));
  const store: FastifyRateLimitStore = {
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const id = `${name}\n${timeWindow}:${max}`;
      let counter = counters.get(id);
      // A client address's /64 also counts under its /48 (decision 221); a member's id counts alone.
      if (!counter) {
        counter = perAddressCounter({ name, max, windowMs: timeWindow }, (limit) => limits.counter(limit));
        counters.set(id, counter);
      }
      counter.hit(key).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.msBeforeReset }),
        (err: Error) => callback(err),
      );
    },
    // Each route counts on its own, named by its method and pattern.
    child: (route) => {
      const { routeInfo: info, groupId } = route as {
        routeInfo?: { method?: string | string[]; url?: string };
        groupId?: string;
      };
      const method = Array.isArray(info?.method) ? info.method.join(',') : info?.method;
      return storeFor(limits, `http:${groupId ?? `${method ?? ''}:${info?.url ?? route.path}`}`);
    },
  };
  return store;
}

/** A route limit's key by default: the client's address, an IPv6 /64 as one (`clientAddressKey`). */
const byClientAddress = (request: FastifyRequest) => clientAddressKey(request.ip);

/**
 * A route limit counted per signed-in member, and per client address (its /64) for anyone else. The only other key a
 * route may use (lint allows `keyGenerator` in this file alone): a new limit cannot count raw addresses. Routes
 * declaring the same `group` (and the same max and window) share one count; `message` words the 429 from the time
 * left until the window lets the member in again (the generic "Too many requests" otherwise).
 */
export const perUser = (
  max: number,
  timeWindow: string,
  { group, message }: { group?: string; message?: (waitMs: number) => string } = {},
) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? byClientAddress(request),
    ...(group ? { groupId: group } : {}),
    ...(message
      ? { errorResponseBuilder: (_: FastifyRequest, c: { ttl: number }) => tooManyRequests(message(c.ttl)) }
      : {}),
  },
});

/** Route limits are opt-in (`config.rateLimit` on a route), counted where every process sees them. */
export async function registerRateLimit(app: FastifyInstance, limits: LimitStore) {
  const store = storeFor(limits);
  await app.register(rateLimit, {
    global: false,
    keyGenerator: byClientAddress,
    store: function Store() {
      return store;
    } as never,
  });
}
