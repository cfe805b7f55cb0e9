import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest } from '../lib/app-error';
import { addRouteHook } from './route-hooks';
import { findStringFault } from '@accountry/shared/input-strings';

async function checkInput(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const fault = findStringFault(part);
    if (fault?.path === '') throw badRequest(fault.message);
    if (fault) throw badRequest(fault.message, { [fault.path]: fault.message });
  }
}

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route whose handler can read input: a body, a declared query string or parameters, or parameters in its path. */
function takesInput(route: RouteOptions) {
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  return methods.some((m) => !BODILESS.has(m)) || !!schema.querystring || !!schema.params || /[:*]/.test(route.url);
}

/**
 * Rules every request obeys before its own schema runs: no NUL byte and no half of a character in any string of the
 * query, parameters or body (no field needs one, and neither can be stored as sent), and no absurd nesting. Checked on the routes that can
 * read input; a route with none ignores whatever a request appends.
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (takesInput(route)) addRouteHook(route, 'preValidation', checkInput);
  });
}
