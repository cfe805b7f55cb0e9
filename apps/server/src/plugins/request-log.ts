import type { FastifyInstance, FastifyRequest } from 'fastify';

const failures = new WeakMap<FastifyRequest, unknown>();

/** The error behind a 5xx, logged with the request's one line (so each failure is logged once, with its stack). */
export function noteFailure(request: FastifyRequest, err: unknown) {
  failures.set(request, err);
}

/** A request slower than this is logged even when it succeeds. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request that went wrong (4xx, 5xx) or was slow, naming the route pattern rather than the URL:
 * query strings carry reset and verification tokens, and paths carry ids. Successful requests are not logged
 * (Fastify's own per-request lines are off), except at debug level.
 */
export function registerRequestLog(app: FastifyInstance) {
  const verbose = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const slow = ms >= SLOW_REQUEST_MS;
    if (status < 400 && !slow && !verbose) return done();
    const line = { method: request.method, route: request.routeOptions.url ?? '(no route)', status, ms };
    if (status >= 500) request.log.error({ ...line, err: failures.get(request) }, 'request failed');
    else if (status >= 400) request.log.warn(line, 'request refused');
    else if (slow) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
    done();
  });
}
